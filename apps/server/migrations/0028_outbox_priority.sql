-- Messages a worker sends before the others when several are due: a paying member's contact message (1)
-- ahead of everything else (0).
ALTER TABLE email_outbox ADD COLUMN IF NOT EXISTS priority integer NOT NULL DEFAULT 0;
