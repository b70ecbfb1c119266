-- A seed nobody picks (`server/src/fairness.rs`). At creation a lobby gets a
-- server secret (kept until the match ends) and publishes its SHA-256, the
-- commitment. Before the start each person's browser may contribute random
-- bytes (`contributions`, one row per player, the last one counts, never
-- shown before the start). At the start the contributions in seat order are
-- frozen into `seat_contributions` (a JSON list of hex strings) and the seed
-- is derived from them and the secret. Lobbies without a commitment (made
-- before this change, or on a server that forces seeds for tests) keep the
-- server-picked seed.
ALTER TABLE lobbies ADD COLUMN server_secret BLOB;
ALTER TABLE lobbies ADD COLUMN server_commitment TEXT;
ALTER TABLE lobbies ADD COLUMN seat_contributions TEXT;

CREATE TABLE contributions (
    lobby_id BLOB NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    player   BLOB NOT NULL,
    bytes    BLOB NOT NULL,
    PRIMARY KEY (lobby_id, player)
);
