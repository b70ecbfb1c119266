-- Same change as the Postgres migration of this number: the host's turn
-- clock.
ALTER TABLE lobbies ADD COLUMN turn_clock_secs INTEGER NOT NULL DEFAULT 0;
