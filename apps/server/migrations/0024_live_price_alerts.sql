-- The live market checks the active price alerts of a coin on its ticks (at most once a second per coin):
-- a partial index keeps that lookup small whatever the number of other alerts.
CREATE INDEX IF NOT EXISTS alerts_active_price_coin_idx ON alerts (coin_symbol) WHERE is_active AND type = 'preco';
