-- A wider catalogue: subjects and languages beyond the spec's lists, so popular searches
-- (Programming, Music, French) have tutors to find and tutors can teach them. The same rows as
-- ADDED_SUBJECTS and ADDED_LANGUAGES in src/domain/reference/reference-defaults.ts.
-- A new database's tables are empty here: the reference seed fills them from those defaults
-- after the migrations. A catalogue seeded before gets the rows after its own, in the same
-- order; a row an operator already has under that name (or code) is left as it is.
INSERT INTO subjects (name, display_order)
SELECT added.name, (SELECT max(display_order) FROM subjects) + added.position
  FROM (VALUES ('Spanish', 1), ('French', 2), ('German', 3), ('Programming', 4), ('Music', 5),
               ('Biology', 6), ('History', 7), ('Economics', 8)) AS added (name, position)
 WHERE EXISTS (SELECT 1 FROM subjects)
 ORDER BY added.position
ON CONFLICT DO NOTHING;

INSERT INTO languages (name, code, display_order)
SELECT added.name, added.code, (SELECT max(display_order) FROM languages) + added.position
  FROM (VALUES ('Portuguese', 'pt', 1), ('Hindi', 'hi', 2), ('Italian', 'it', 3),
               ('Korean', 'ko', 4), ('Turkish', 'tr', 5)) AS added (name, code, position)
 WHERE EXISTS (SELECT 1 FROM languages)
 ORDER BY added.position
ON CONFLICT DO NOTHING;
