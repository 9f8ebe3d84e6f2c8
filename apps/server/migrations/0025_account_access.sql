-- Personal API tokens expire (chosen at creation: 30, 90 or 365 days). Tokens made before expiry existed get
-- 90 days from now rather than from their creation, so no script stops the day this ships.
ALTER TABLE api_tokens ADD COLUMN IF NOT EXISTS expires_at timestamptz;
UPDATE api_tokens SET expires_at = now() + interval '90 days' WHERE expires_at IS NULL;
ALTER TABLE api_tokens ALTER COLUMN expires_at SET NOT NULL;
