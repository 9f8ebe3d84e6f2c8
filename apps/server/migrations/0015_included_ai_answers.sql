-- Answers written with the operator's AI key count against the plan's daily allowance, per user and day.
ALTER TABLE chat_daily_usage ADD COLUMN included_answers integer NOT NULL DEFAULT 0;
