-- Same change as the Postgres migration 0010: each bot seat's level, and
-- the table's stand-in level (normal for existing rows).
ALTER TABLE players ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE lobbies ADD COLUMN stand_in_level TEXT NOT NULL DEFAULT 'normal';
