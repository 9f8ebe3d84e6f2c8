-- AI chat: one row per answered question, and each user's own AI provider keys (encrypted).
CREATE TABLE IF NOT EXISTS chat_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message text NOT NULL,
  response text NOT NULL,
  ai_provider text NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- History pages (newest first) and the daily count both read by user and time.
CREATE INDEX IF NOT EXISTS chat_messages_user_created_idx ON chat_messages (user_id, created_at DESC);

-- Conversations per user and calendar day (America/Sao_Paulo), kept apart from the messages so that
-- clearing the history erases the texts without giving the day's conversations back.
CREATE TABLE IF NOT EXISTS chat_daily_usage (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  conversations integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE IF NOT EXISTS user_api_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- AES-256-GCM: "v1:<iv>:<tag>:<ciphertext>" in base64url; the plaintext key is never stored.
  encrypted_key text NOT NULL,
  -- false when the provider could not be reached at save time (stored, checked on first use).
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);
