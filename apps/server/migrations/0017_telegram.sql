-- Telegram as a second alert channel: a pending one-time link code (hashed), then the linked chat.
CREATE TABLE IF NOT EXISTS telegram_links (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  chat_id text UNIQUE,
  code_hash text UNIQUE,
  code_expires_at timestamptz,
  linked_at timestamptz
);
