-- A lobby may have a webhook (Discord/Slack-compatible JSON POST) called when
-- the table starts waiting on someone who is away. Never shown to clients.
ALTER TABLE lobbies ADD COLUMN webhook_url TEXT;
