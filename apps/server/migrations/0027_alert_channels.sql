-- The channels an alert's firings go to (e-mail, push, telegram, webhook); null keeps what alerts did before:
-- every channel the owner has set up.
ALTER TABLE alerts ADD COLUMN IF NOT EXISTS channels jsonb;
