-- Money in integer cents end to end (ADR 012), and weekly-window columns nothing reads.

-- tutor_profiles.hourly_rate_cents and lessons.price_cents already hold integer cents. The
-- wizard's saved basic_info step held the rate in dollars (hourlyRate); it now holds
-- hourlyRateCents. A number saved there passed the step's check (at most two decimals), so
-- x 100 is a whole number of cents; round() only guards the conversion.
UPDATE tutor_profile_drafts
   SET draft = jsonb_set(
         draft #- '{basic_info,hourlyRate}',
         '{basic_info,hourlyRateCents}',
         to_jsonb(round((draft #>> '{basic_info,hourlyRate}')::numeric * 100)::integer))
 WHERE jsonb_typeof(draft #> '{basic_info,hourlyRate}') = 'number';

-- The UTC restatement of each weekly window held the offsets of the week it was saved in, so
-- it went wrong after the next daylight-saving change; slots are generated from the local
-- window and the zone. is_recurring was never set or read: every window repeats weekly.
ALTER TABLE availability_slots
  DROP COLUMN day_of_week,
  DROP COLUMN start_time,
  DROP COLUMN end_time,
  DROP COLUMN is_recurring;
