-- More languages people teach and learn (issue #29: no Polish). The same rows as the end of
-- ADDED_LANGUAGES in src/domain/reference/reference-defaults.ts; as in migration 014, a new
-- database gets them from the reference seed, and a catalogue seeded before gets them here.
INSERT INTO languages (name, code, display_order)
SELECT added.name, added.code, (SELECT max(display_order) FROM languages) + added.position
  FROM (VALUES ('Polish', 'pl', 1), ('Dutch', 'nl', 2), ('Ukrainian', 'uk', 3),
               ('Vietnamese', 'vi', 4), ('Indonesian', 'id', 5), ('Swedish', 'sv', 6),
               ('Greek', 'el', 7), ('Hebrew', 'he', 8)) AS added (name, code, position)
 WHERE EXISTS (SELECT 1 FROM languages)
 ORDER BY added.position
ON CONFLICT DO NOTHING;
