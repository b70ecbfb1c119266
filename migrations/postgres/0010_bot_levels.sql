-- Bot levels: each bot seat plays at the level the host chose for it
-- (easy, normal or strong), and the table's stand-in level is the one the
-- bots that play for people who are away (or whose turn clock ran out)
-- use. Existing rows play as before: normal.
ALTER TABLE players ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE lobbies ADD COLUMN stand_in_level TEXT NOT NULL DEFAULT 'normal';
