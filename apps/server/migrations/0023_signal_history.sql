-- The track record of the real signals (issue 18): at every hourly close, the engine's signal for each warm coin,
-- stored once per (coin, time) however many instances run the job. Append-only: the signal columns never change;
-- the price at each horizon (24 h, 72 h, 7 d after `time`) is written once, when that 1h candle has closed.
CREATE TABLE IF NOT EXISTS signal_history (
  coin text NOT NULL,
  time timestamptz NOT NULL,
  signal text NOT NULL,
  score double precision NOT NULL,
  confidence integer NOT NULL,
  price double precision NOT NULL,
  engine_version text NOT NULL,
  price_24h double precision,
  price_72h double precision,
  price_7d double precision,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (coin, time)
);
CREATE INDEX IF NOT EXISTS signal_history_time_idx ON signal_history (time);

-- The database keeps the record honest whatever the code does: no deletes, no rewritten signal, no outcome
-- written twice.
CREATE OR REPLACE FUNCTION signal_history_append_only() RETURNS trigger AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'signal_history is append-only';
  END IF;
  IF NEW.coin IS DISTINCT FROM OLD.coin OR NEW.time IS DISTINCT FROM OLD.time
     OR NEW.signal IS DISTINCT FROM OLD.signal OR NEW.score IS DISTINCT FROM OLD.score
     OR NEW.confidence IS DISTINCT FROM OLD.confidence OR NEW.price IS DISTINCT FROM OLD.price
     OR NEW.engine_version IS DISTINCT FROM OLD.engine_version OR NEW.recorded_at IS DISTINCT FROM OLD.recorded_at
     OR (OLD.price_24h IS NOT NULL AND NEW.price_24h IS DISTINCT FROM OLD.price_24h)
     OR (OLD.price_72h IS NOT NULL AND NEW.price_72h IS DISTINCT FROM OLD.price_72h)
     OR (OLD.price_7d IS NOT NULL AND NEW.price_7d IS DISTINCT FROM OLD.price_7d) THEN
    RAISE EXCEPTION 'signal_history is append-only: a stored signal or outcome cannot change';
  END IF;
  RETURN NEW;
END;
$fn$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS signal_history_append_only ON signal_history;
CREATE TRIGGER signal_history_append_only BEFORE UPDATE OR DELETE ON signal_history
  FOR EACH ROW EXECUTE FUNCTION signal_history_append_only();

-- The measured record (hit rates, calibration, equity) of one state of signal_history, keyed by a fingerprint
-- of that state (row and outcome counts, last time): the table only grows, so each change makes a new key.
-- Computing it reads every row; this keeps the public endpoint to one small query per request on every instance.
CREATE TABLE IF NOT EXISTS signal_track_record_summary (
  fingerprint text PRIMARY KEY,
  computed_at timestamptz NOT NULL DEFAULT now(),
  record jsonb NOT NULL
);
