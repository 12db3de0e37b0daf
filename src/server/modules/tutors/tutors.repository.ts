import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { SEARCH_PAGE_SIZE, type TutorSearch } from '../../../domain/tutors/tutor-search';
import type { DB } from '../../db/types';

/** Shorter words match only as substrings: fuzzy matching them is mostly noise. */
const FUZZY_MIN_LENGTH = 4;
type SearchFrom = DB & { tp: DB['tutor_profiles'] };

/** Makes user text literal inside LIKE: %, _ and \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Kysely<DB>, filters: TutorSearch) {
  const q = filters.q.toLowerCase();
  let query = db
    .selectFrom('tutor_profiles as tp')
    .where('tp.hourly_rate_cents', '>=', Math.round(filters.minPrice * 100))
    .where('tp.hourly_rate_cents', '<=', Math.round(filters.maxPrice * 100));
  if (filters.minRating > 0)
    query = query.where('tp.average_rating', '>=', String(filters.minRating));
  if (q) {
    // A substring of name, subjects or bio; or, for words of 4+ letters, a close match of a
    // name or subject (strict word similarity), so typos still find tutors. Both are served by trigram indexes.
    const substring = (eb: ExpressionBuilder<SearchFrom, 'tp'>) =>
      eb('tp.search_text', 'like', `%${escapeLike(q)}%`);
    query = query.where((eb) =>
      q.length >= FUZZY_MIN_LENGTH
        ? eb.or([substring(eb), sql<boolean>`${q} <<% tp.search_keywords`])
        : substring(eb),
    );
  }
  if (filters.subjects.length > 0) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('tutor_subjects as ts')
          .innerJoin('subjects as s', 's.id', 'ts.subject_id')
          .select(sql`1`.as('one'))
          .whereRef('ts.tutor_profile_id', '=', 'tp.id')
          .where('s.name', 'in', filters.subjects),
      ),
    );
  }
  if (filters.languages.length > 0) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('tutor_languages as tl')
          .innerJoin('languages as l', 'l.id', 'tl.language_id')
          .select(sql`1`.as('one'))
          .whereRef('tl.tutor_profile_id', '=', 'tp.id')
          .where('l.name', 'in', filters.languages),
      ),
    );
  }
  return query;
}

const cardColumns = [
  'tp.id',
  'u.first_name',
  'u.last_name',
  'u.avatar_url',
  'tp.hourly_rate_cents',
  'tp.average_rating',
  'tp.review_count',
  'tp.lessons_taught',
  'tp.bio',
  'tp.is_verified',
  'tp.country_of_residence',
  'tp.teaching_style',
  'tp.specializations',
  'tp.teaching_experience',
] as const;

export async function searchTutorPage(db: Kysely<DB>, filters: TutorSearch) {
  const q = filters.q.toLowerCase();
  let query = filtered(db, filters)
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(cardColumns);
  // Each order matches an index ((rate, id) or (rating, reviews, id)), so a page reads only
  // its rows; relevance with a text query ranks tutors whose name or subjects contain it first
  // (a cheap test per row; similarity scores for every match cost ~10x more).
  const byRating = () =>
    query
      .orderBy(sql`tp.average_rating desc nulls last`)
      .orderBy('tp.review_count', 'desc')
      .orderBy('tp.id');
  switch (filters.sort) {
    case 'price_asc':
      query = query.orderBy('tp.hourly_rate_cents', 'asc').orderBy('tp.id', 'asc');
      break;
    case 'price_desc':
      query = query.orderBy('tp.hourly_rate_cents', 'desc').orderBy('tp.id', 'desc');
      break;
    case 'rating':
      query = byRating();
      break;
    default:
      if (q) query = query.orderBy(sql`tp.search_keywords like ${`%${escapeLike(q)}%`}`, 'desc');
      query = byRating();
  }
  return query
    .limit(SEARCH_PAGE_SIZE)
    .offset((filters.page - 1) * SEARCH_PAGE_SIZE)
    .execute();
}

export async function countTutors(db: Kysely<DB>, filters: TutorSearch): Promise<number> {
  const row = await filtered(db, filters)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

export type CardRow = Awaited<ReturnType<typeof searchTutorPage>>[number];

/** Subjects and languages (with levels) of the given tutors, in display order. */
export async function skillsOf(db: Kysely<DB>, tutorIds: string[]) {
  if (tutorIds.length === 0) return { subjects: [], languages: [] };
  const [subjects, languages] = await Promise.all([
    db
      .selectFrom('tutor_subjects as ts')
      .innerJoin('subjects as s', 's.id', 'ts.subject_id')
      .select(['ts.tutor_profile_id', 's.name', 'ts.proficiency_level as level'])
      .where('ts.tutor_profile_id', 'in', tutorIds)
      .orderBy('s.display_order')
      .execute(),
    db
      .selectFrom('tutor_languages as tl')
      .innerJoin('languages as l', 'l.id', 'tl.language_id')
      .select(['tl.tutor_profile_id', 'l.name', 'tl.proficiency_level as level'])
      .where('tl.tutor_profile_id', 'in', tutorIds)
      .orderBy('l.display_order')
      .execute(),
  ]);
  return { subjects, languages };
}

export function findTutorProfile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select([
      ...cardColumns,
      'tp.education_level',
      'tp.education_title',
      'tp.university',
      'tp.year_of_graduation',
      'tp.lesson_specialties',
      'tp.video_url',
      'tp.timezone',
    ])
    .where('tp.id', '=', id)
    .executeTakeFirst();
}

export function certificatesOf(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('tutor_certificates')
    .select(['name', 'issued_by', 'year', 'url'])
    .where('tutor_profile_id', '=', id)
    .orderBy('year', 'desc')
    .execute();
}

export function availabilityOf(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('availability_slots')
    .select(['local_day_of_week', 'local_start_time', 'local_end_time'])
    .where('tutor_profile_id', '=', id)
    .orderBy('local_day_of_week')
    .orderBy('local_start_time')
    .execute();
}

export function reviewsOf(db: Kysely<DB>, id: string, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.student_id')
    .select(['r.id', 'r.rating', 'r.comment', 'r.created_at', 'u.first_name', 'u.last_name'])
    .where('r.tutor_profile_id', '=', id)
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function suggest(db: Kysely<DB>, q: string, limit: number) {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const [subjects, tutors] = await Promise.all([
    db
      .selectFrom('subjects')
      .select('name')
      .where('is_active', '=', true)
      .where(sql<boolean>`lower(name) like ${pattern}`)
      .orderBy('display_order')
      .limit(limit)
      .execute(),
    db
      .selectFrom('tutor_profiles as tp')
      .innerJoin('users as u', 'u.id', 'tp.user_id')
      .select(sql<string>`u.first_name || ' ' || u.last_name`.as('name'))
      .where('tp.search_text', 'like', pattern)
      .where(sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${pattern}`)
      .limit(limit)
      .execute(),
  ]);
  return [...subjects.map((row) => row.name), ...tutors.map((row) => row.name)];
}
