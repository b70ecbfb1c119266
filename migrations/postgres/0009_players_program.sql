-- A program seat: a seat the host gave to a program (a bot anyone can
-- write) that plays over the public WebSocket. Its token opens only a
-- program's hello, and everyone at the table sees the seat as a program.
-- Numbered apart from the migrations of the same days so that branches
-- adding their own do not collide.
ALTER TABLE players ADD COLUMN program BOOLEAN NOT NULL DEFAULT FALSE;
