-- A deleted account's paid plan changes stay as anonymised billing records: the row loses its user.
ALTER TABLE subscription_changes ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE subscription_changes DROP CONSTRAINT IF EXISTS subscription_changes_user_id_fkey;
ALTER TABLE subscription_changes
  ADD CONSTRAINT subscription_changes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
