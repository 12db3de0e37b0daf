-- The account's timezone is the one every screen, email and calendar feed shows times in
-- (issue #29, ADR 026). Sign-up stores the browser's zone; accounts made before that get the
-- zone they already chose elsewhere: a tutor's teaching zone, else the zone of a student's
-- latest booking. Whatever is still empty is filled by the app on the next visit.
UPDATE users u
   SET timezone = tp.timezone
  FROM tutor_profiles tp
 WHERE tp.user_id = u.id AND u.timezone IS NULL;

UPDATE users u
   SET timezone = latest.timezone
  FROM (SELECT DISTINCT ON (student_id) student_id, timezone
          FROM lessons ORDER BY student_id, created_at DESC) latest
 WHERE latest.student_id = u.id AND u.timezone IS NULL;
