-- Webhooks: a user's HTTPS endpoints for alert firings and signal changes, signed with a per-webhook secret
-- (encrypted at rest); deliveries are outbox rows (channel 'webhook', to_address the webhook id).
CREATE TABLE IF NOT EXISTS webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret_encrypted text NOT NULL,
  consecutive_failures integer NOT NULL DEFAULT 0,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhooks_user_id ON webhooks (user_id);

-- The class each analysed coin had at the last hourly close seen, to tell a change (signal.changed).
CREATE TABLE IF NOT EXISTS signal_classes (
  symbol text PRIMARY KEY,
  signal text NOT NULL,
  strength integer NOT NULL,
  changed_at timestamptz NOT NULL
);
