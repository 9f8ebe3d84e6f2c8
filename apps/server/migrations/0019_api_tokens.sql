-- Personal API tokens: read-only access for a user's scripts and bots. Only the SHA-256 of the token is kept;
-- each use stamps last_used_at and counts one request.
CREATE TABLE IF NOT EXISTS api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  request_count bigint NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS api_tokens_user_id ON api_tokens (user_id);
