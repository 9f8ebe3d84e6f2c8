-- A row is due when next_attempt_at <= the worker's clock, which counts whole milliseconds; now() counts
-- microseconds, so a row queued and claimed within one millisecond was not yet due and waited for the next
-- pass. The default is the same instant cut to the millisecond.
ALTER TABLE email_outbox ALTER COLUMN next_attempt_at SET DEFAULT date_trunc('milliseconds', now());
