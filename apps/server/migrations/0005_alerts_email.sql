-- Alerts, their firings, the transactional e-mail outbox and single-use password-reset tokens (issue 8).

CREATE TABLE IF NOT EXISTS alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('preco', 'volume', 'tecnico', 'sentimento')),
  coin_symbol text NOT NULL,
  coin_name text NOT NULL,
  conditions jsonb NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  -- edge triggering: the condition keys that were true at the last check; a key fires when it enters this set
  met_conditions jsonb NOT NULL DEFAULT '[]'::jsonb,
  triggered_count integer NOT NULL DEFAULT 0,
  last_triggered timestamptz,
  last_checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS alerts_user_created_idx ON alerts (user_id, created_at);
CREATE INDEX IF NOT EXISTS alerts_active_idx ON alerts (is_active) WHERE is_active;

CREATE TABLE IF NOT EXISTS alert_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  condition text NOT NULL,
  observed_value double precision NOT NULL,
  threshold double precision NOT NULL,
  triggered_at timestamptz NOT NULL,
  -- set when the daily digest that summarises this firing was queued
  digested_at timestamptz
);
CREATE INDEX IF NOT EXISTS alert_events_user_time_idx ON alert_events (user_id, triggered_at DESC);
CREATE INDEX IF NOT EXISTS alert_events_undigested_idx ON alert_events (triggered_at) WHERE digested_at IS NULL;

CREATE TABLE IF NOT EXISTS email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  to_address text NOT NULL,
  reply_to text,
  template text NOT NULL,
  language text NOT NULL,
  -- rendered at delivery; the Message-ID derives from id, so a repeat after a crash carries the same one
  data jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');

CREATE TABLE IF NOT EXISTS password_reset_tokens (
  -- sha256 of the token: the token itself exists only in the e-mail
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS password_reset_tokens_user_idx ON password_reset_tokens (user_id);
