-- The host's turn clock: when nobody has moved for this many seconds, a bot
-- moves for every person the table waits on (0: no clock). Kept with the
-- lobby, and the clock runs from the last stored move's time, so a restart
-- neither forgets nor resets it.
ALTER TABLE lobbies ADD COLUMN turn_clock_secs INTEGER NOT NULL DEFAULT 0;
