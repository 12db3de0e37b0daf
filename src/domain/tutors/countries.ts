import byCode from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };

// Countries of residence, as tutors pick them and students read them: the ISO 3166-1 list in
// English (countries-list), stored by name as before. One list for the picker and the server's
// check, so what the form offers is what the server accepts.

export const COUNTRY_NAMES: readonly string[] = Object.values(byCode).sort((a, b) =>
  a.localeCompare(b, 'en'),
);
