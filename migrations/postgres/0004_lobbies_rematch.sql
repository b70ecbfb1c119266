-- A finished match's rematch: the lobby that "Play again" made, with every
-- player of this one seated as before. Set once; every later "Play again"
-- leads there.
ALTER TABLE lobbies ADD COLUMN rematch UUID;
