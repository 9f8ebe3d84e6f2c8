-- Market history: BTC/ETH dominance and total market cap each time the global snapshot is fetched fresh
-- from its source, at most one row per source and 15-minute slot (UTC), kept 90 days (pruned on insert).
-- The market-sentiment agent reads dominance shifts (24 h, 7 d) from it.
CREATE TABLE IF NOT EXISTS market_dominance_history (
  source text NOT NULL,
  slot_start timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL,
  bitcoin_dominance double precision NOT NULL,
  ethereum_dominance double precision NOT NULL,
  total_market_cap double precision NOT NULL,
  PRIMARY KEY (source, slot_start)
);

CREATE INDEX IF NOT EXISTS market_dominance_history_slot_start_idx ON market_dominance_history (slot_start);
