-- An address is verified when its owner opens the link e-mailed to it. ADMIN_EMAILS grants admin only to a
-- verified address, and only once: admin_granted_at records the grant, so an admin removed later stays removed.
ALTER TABLE users ADD COLUMN IF NOT EXISTS email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS admin_granted_at timestamptz;
-- admins from before verification existed keep their role, and it is recorded as granted
UPDATE users SET admin_granted_at = now() WHERE is_admin AND admin_granted_at IS NULL;

-- Single-use verification tokens, stored as sha256 hashes.
CREATE TABLE IF NOT EXISTS email_verification_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS email_verification_tokens_user_id_idx ON email_verification_tokens (user_id);
