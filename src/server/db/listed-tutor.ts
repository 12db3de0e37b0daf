import { sql, type RawBuilder, type SqlBool } from 'kysely';

// The listing rule in the app, in one place (ADR 020). A tutor is listed — found by search,
// their profile shown, bookable — while their account is open and not suspended and their
// profile not rejected. The database keeps exactly one tutor_search row for each listed tutor
// (migration 020's triggers on users and tutor_profiles), so "listed?" is "has a search row?":
// one rule, kept by the database whatever changes one of its three parts. It lives in db/ (like
// full-name.ts) because lessons, messaging and tutors all ask it: no module owns it, so none
// imports another for it (issue 24: one-way module dependencies).

/**
 * A `where` condition: the tutor profile whose id is the column `profileId` (e.g. 'tp.id',
 * 'l.tutor_profile_id') is listed.
 */
export const listedTutor = (profileId: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from tutor_search listed where listed.tutor_profile_id = ${sql.ref(profileId)})`;
