-- Secrets every instance of one deployment must share (the session-token key when JWT_SECRET is not set):
-- created once by whichever instance starts first, read by all.
CREATE TABLE IF NOT EXISTS server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
