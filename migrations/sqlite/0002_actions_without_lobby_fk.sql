-- Same change as the Postgres migration of this number: `actions` rows no
-- longer carry a foreign key to `lobbies` (one referential lookup per move
-- on the hot path, protecting nothing: only a table actor writes actions,
-- for a lobby it loaded, and lobbies are never deleted). SQLite cannot drop
-- a constraint, so the table is rebuilt.
CREATE TABLE actions_new (
    lobby_id BLOB NOT NULL,
    seq      INTEGER NOT NULL,              -- 1, 2, 3 ...: the version after it
    seat     INTEGER NOT NULL,
    rid      TEXT,
    action   TEXT NOT NULL,                -- the game's action, canonical JSON
    log      TEXT NOT NULL,                -- JSON list of log entries it produced
    at       INTEGER NOT NULL,
    PRIMARY KEY (lobby_id, seq)
);
INSERT INTO actions_new SELECT lobby_id, seq, seat, rid, action, log, at FROM actions;
DROP TABLE actions;
ALTER TABLE actions_new RENAME TO actions;
