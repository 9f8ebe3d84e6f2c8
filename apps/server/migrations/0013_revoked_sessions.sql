-- Signed-out sessions: a token whose id (jti) is here is refused until it would have expired anyway.
CREATE TABLE IF NOT EXISTS revoked_sessions (
  session_id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS revoked_sessions_expires_at_idx ON revoked_sessions (expires_at);
