-- Backroom's store (Postgres). The action log is the source of truth:
-- a match is its options + seed + the ordered rows of `actions`; snapshots
-- only make resume fast.

CREATE TABLE lobbies (
    id             UUID PRIMARY KEY,
    game           TEXT NOT NULL,
    seats          SMALLINT NOT NULL,
    options        TEXT NOT NULL,          -- JSON, defaults filled in
    status         TEXT NOT NULL,          -- open | live | finished | expired
    invite_hash    TEXT NOT NULL,          -- SHA-256 of the invite secret
    spectate_hash  TEXT,                   -- SHA-256 of the spectator secret
    seed           BYTEA,                  -- secret until the match ends
    seed_hash      TEXT,                   -- published at start
    engine_version INTEGER NOT NULL,
    outcome        TEXT,                   -- JSON, once finished
    version        BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,        -- Unix ms
    updated_at     BIGINT NOT NULL
);
CREATE INDEX lobbies_status_updated ON lobbies (status, updated_at);

CREATE TABLE players (
    lobby_id   UUID NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    id         UUID NOT NULL,
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL,              -- SHA-256 of the player token
    seat       SMALLINT,
    bot        BOOLEAN NOT NULL,
    host       BOOLEAN NOT NULL,
    joined_at  BIGINT NOT NULL,
    PRIMARY KEY (lobby_id, id)
);

CREATE TABLE actions (
    lobby_id UUID NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,              -- 1, 2, 3 ...: the version after it
    seat     SMALLINT NOT NULL,
    rid      TEXT,
    action   TEXT NOT NULL,                -- the game's action, canonical JSON
    log      TEXT NOT NULL,                -- JSON list of log entries it produced
    at       BIGINT NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);

CREATE TABLE snapshots (
    lobby_id UUID NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,              -- state after action `seq` (0 = setup)
    state    TEXT NOT NULL,
    rng      TEXT NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);

CREATE TABLE chat (
    lobby_id UUID NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,
    player   UUID NOT NULL,
    name     TEXT NOT NULL,
    seat     SMALLINT,
    text     TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);
