-- Billing (issue 6): Stripe ids, scheduled plan changes and admin grants on the subscription row,
-- the ledger of applied Stripe events and a history of plan changes.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS stripe_customer_id text;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS stripe_subscription_id text;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS pending_plan text;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS granted_by_admin boolean NOT NULL DEFAULT false;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS granted_by uuid REFERENCES users(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX IF NOT EXISTS subscriptions_stripe_customer_id_key ON subscriptions (stripe_customer_id);

-- One row per Stripe event applied: a redelivered event finds its id here and changes nothing.
CREATE TABLE IF NOT EXISTS stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS subscription_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- stripe | admin | cli | user
  source text NOT NULL,
  plan text NOT NULL,
  status text NOT NULL,
  current_period_end timestamptz,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS subscription_changes_user_id_idx ON subscription_changes (user_id, created_at);
