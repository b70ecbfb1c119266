-- Same change as the Postgres migration of this number: a bot standing in
-- for an away player, kept across restarts.
ALTER TABLE players ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT FALSE;
