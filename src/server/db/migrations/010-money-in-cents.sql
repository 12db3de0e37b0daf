-- Weekly-window columns nothing reads.

-- The UTC restatement of each weekly window held the offsets of the week it was saved in, so
-- it went wrong after the next daylight-saving change; slots are generated from the local
-- window and the zone. is_recurring was never set or read: every window repeats weekly.
ALTER TABLE availability_slots
  DROP COLUMN day_of_week,
  DROP COLUMN start_time,
  DROP COLUMN end_time,
  DROP COLUMN is_recurring;
