-- The hot path writes one `actions` row per accepted move. With a foreign key
-- every row also ran a referential check that locks the lobby row
-- (SELECT ... FOR KEY SHARE), which WAL-logs a row lock per move and, with
-- four seats committing in concurrent batches, builds multixacts: about a
-- third of the database's CPU per move under load. Only a table actor writes
-- actions, for a lobby it loaded from this store, and lobbies are never
-- deleted (they expire by status), so the check protected nothing.
ALTER TABLE actions DROP CONSTRAINT IF EXISTS actions_lobby_id_fkey;
