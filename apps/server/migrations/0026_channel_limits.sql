-- Channels and workers: a browser whose push service keeps failing is paused (its owner told) instead of
-- tried again with every alert; an alert fires at most once per its cooldown (15 minutes unless chosen longer).
ALTER TABLE push_subscriptions ADD COLUMN IF NOT EXISTS consecutive_failures integer NOT NULL DEFAULT 0;
ALTER TABLE push_subscriptions ADD COLUMN IF NOT EXISTS paused_at timestamptz;
ALTER TABLE alerts ADD COLUMN IF NOT EXISTS cooldown_minutes integer NOT NULL DEFAULT 15;
-- the hourly notification budget counts a user's recent notices per channel
CREATE INDEX IF NOT EXISTS email_outbox_user_channel_created_idx ON email_outbox (user_id, channel, created_at);
