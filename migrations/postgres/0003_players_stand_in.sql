-- A bot may stand in for a seated player who is away, at the host's
-- request, until that player comes back. Kept with the player so that a
-- restart does not leave the table waiting for someone who is not there.
ALTER TABLE players ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT FALSE;
