-- Market data: the last good answer of each upstream key (served after a restart with the upstreams down)
-- and the users' favourite coins (CoinGecko ids).
CREATE TABLE IF NOT EXISTS market_snapshots (
  cache_key text PRIMARY KEY,
  source text NOT NULL,
  payload jsonb NOT NULL,
  fetched_at timestamptz NOT NULL,
  fresh_until timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS favorites (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  coin_id text NOT NULL,
  coin_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, coin_id)
);
