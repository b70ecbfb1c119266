-- Same change as the Postgres migration of this number: a finished match's
-- rematch lobby.
ALTER TABLE lobbies ADD COLUMN rematch BLOB;
