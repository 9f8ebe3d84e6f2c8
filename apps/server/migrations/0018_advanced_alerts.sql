-- Advanced alerts (plans with `advancedAlerts`): a price change within 1 h or 24 h, the signal turning to buy
-- or sell, a support or resistance crossed.
ALTER TABLE alerts DROP CONSTRAINT alerts_type_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_type_check
  CHECK (type IN ('preco', 'volume', 'tecnico', 'sentimento', 'avancado'));

-- What an advanced firing saw beyond its two numbers: the change's window, the signal's new class, the side
-- of the level crossed. NULL for the other conditions.
ALTER TABLE alert_events ADD COLUMN detail jsonb;
