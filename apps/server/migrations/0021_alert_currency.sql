-- The currency an alert was set in: its price thresholds are compared with the price in that currency.
-- Alerts made before currencies existed were set in US dollars.
ALTER TABLE alerts ADD COLUMN IF NOT EXISTS currency text NOT NULL DEFAULT 'USD';
