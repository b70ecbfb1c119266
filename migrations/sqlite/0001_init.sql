-- Backroom's store (SQLite). The action log is the source of truth:
-- a match is its options + seed + the ordered rows of `actions`; snapshots
-- only make resume fast.

CREATE TABLE lobbies (
    id             BLOB PRIMARY KEY,
    game           TEXT NOT NULL,
    seats          INTEGER NOT NULL,
    options        TEXT NOT NULL,          -- JSON, defaults filled in
    status         TEXT NOT NULL,          -- open | live | finished | expired
    invite_hash    TEXT NOT NULL,          -- SHA-256 of the invite secret
    spectate_hash  TEXT,                   -- SHA-256 of the spectator secret
    seed           BLOB,                  -- secret until the match ends
    seed_hash      TEXT,                   -- published at start
    engine_version INTEGER NOT NULL,
    outcome        TEXT,                   -- JSON, once finished
    version        INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,        -- Unix ms
    updated_at     INTEGER NOT NULL
);
CREATE INDEX lobbies_status_updated ON lobbies (status, updated_at);

CREATE TABLE players (
    lobby_id   BLOB NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    id         BLOB NOT NULL,
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL,              -- SHA-256 of the player token
    seat       INTEGER,
    bot        INTEGER NOT NULL,
    host       INTEGER NOT NULL,
    joined_at  INTEGER NOT NULL,
    PRIMARY KEY (lobby_id, id)
);

CREATE TABLE actions (
    lobby_id BLOB NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,              -- 1, 2, 3 ...: the version after it
    seat     INTEGER NOT NULL,
    rid      TEXT,
    action   TEXT NOT NULL,                -- the game's action, canonical JSON
    log      TEXT NOT NULL,                -- JSON list of log entries it produced
    at       INTEGER NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);

CREATE TABLE snapshots (
    lobby_id BLOB NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,              -- state after action `seq` (0 = setup)
    state    TEXT NOT NULL,
    rng      TEXT NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);

CREATE TABLE chat (
    lobby_id BLOB NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    player   BLOB NOT NULL,
    name     TEXT NOT NULL,
    seat     INTEGER,
    text     TEXT NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);
