-- Same change as the Postgres migration of this number: a program seat,
-- whose token opens only a program's hello.
ALTER TABLE players ADD COLUMN program BOOLEAN NOT NULL DEFAULT FALSE;
