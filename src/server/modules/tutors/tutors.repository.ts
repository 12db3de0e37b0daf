import { sql, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import { dollarsToCents } from '../../../domain/money';
import {
  FUZZY_MIN_LENGTH,
  FUZZY_MIN_SIMILARITY,
  SEARCH_PAGE_SIZE,
} from '../../../domain/tutors/tutor-search';
import type { TutorSearch } from '../../../contracts/tutors.contract';
import { containsPattern } from '../../db/contains-pattern';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import { listedTutor } from '../../db/listed-tutor';

/** Makes user text literal inside LIKE: %, _ and \ match themselves. */

/** A word starting more vocabulary words than this is looked up as a prefix ('a:*') instead. */
const MAX_PREFIX_EXPANSION = 100;
/** Quotes a lexeme for tsquery input (vocabulary words and tags hold no quote, backslash or space). */
const lexeme = (word: string) => `'${word}'`;

/**
 * The words a search needs in tutor_search.words, as tsquery text: `match` for filtering
 * (text words and chip tags), `text` for relevance (text words only).
 */
export interface WordsQuery {
  match: string;
  text: string | null;
}

/**
 * The text words of a search as a tsquery, by the rule in tutor-search.ts. Each query word is
 * normalised by the same parser as the tutors' words, then replaced by the vocabulary words it
 * starts and, for longer words, the close name and subject words: exact lexemes, which the GIN
 * index looks up and the planner estimates far better than a prefix query.
 * null: some word starts and resembles nothing, so nobody matches.
 */
async function textQuery(db: Kysely<DB>, terms: string[]): Promise<string | null> {
  const { rows } = await sql<{ lexeme: string; starting: string[] | null; close: string[] | null }>`
    select q.lexeme,
           (select array_agg(v.word)
              from (select word from search_vocabulary
                     where word ~>=~ q.lexeme and word ~<~ (q.lexeme || chr(1114111))
                       and starts_with(word, q.lexeme)
                     limit ${MAX_PREFIX_EXPANSION + 1}) v) as starting,
           (select array_agg(v.word)
              from search_vocabulary v
             where v.in_keywords
               and char_length(q.lexeme) >= ${FUZZY_MIN_LENGTH}
               and v.word % q.lexeme
               and similarity(v.word, q.lexeme) >= ${FUZZY_MIN_SIMILARITY}) as close
      from unnest(${terms}::text[]) as t(term)
     cross join lateral unnest(tsvector_to_array(to_tsvector('simple', t.term))) as q(lexeme)`.execute(
    db,
  );
  if (rows.length === 0) return null;
  const parts: string[] = [];
  for (const row of rows) {
    if (/['\\\s]/.test(row.lexeme)) return null;
    const starting = row.starting ?? [];
    const alternatives = new Set(
      starting.length > MAX_PREFIX_EXPANSION ? [`${lexeme(row.lexeme)}:*`] : starting.map(lexeme),
    );
    for (const word of row.close ?? []) alternatives.add(lexeme(word));
    if (alternatives.size === 0) return null;
    parts.push(`(${[...alternatives].join(' | ')})`);
  }
  return parts.join(' & ');
}

/** Chips (any of the named subjects; any of the named languages) as tags of tutor_search.words. */
async function chipsQuery(
  db: Kysely<DB>,
  table: 'subjects' | 'languages',
  names: string[],
): Promise<string | null> {
  const tag = table === 'subjects' ? '#s' : '#l';
  const rows = await db.selectFrom(table).select('id').where('name', 'in', names).execute();
  return rows.length === 0 ? null : `(${rows.map((row) => lexeme(`${tag}${row.id}`)).join(' | ')})`;
}

/**
 * What a search looks up in tutor_search.words; undefined without text or chips, null when
 * nobody can match (a word nothing starts or resembles, unknown chips).
 */
export async function wordsQuery(
  db: Kysely<DB>,
  filters: Pick<TutorSearch, 'subjects' | 'languages'>,
  terms: string[],
): Promise<WordsQuery | null | undefined> {
  if (terms.length === 0 && filters.subjects.length === 0 && filters.languages.length === 0)
    return undefined;
  const text = terms.length > 0 ? await textQuery(db, terms) : undefined;
  const subjects =
    filters.subjects.length > 0 ? await chipsQuery(db, 'subjects', filters.subjects) : undefined;
  const languages =
    filters.languages.length > 0 ? await chipsQuery(db, 'languages', filters.languages) : undefined;
  const parts = [text, subjects, languages];
  if (parts.includes(null)) return null;
  return {
    match: parts.filter((part) => part !== undefined).join(' & '),
    text: text ?? null,
  };
}

// The price filter is in dollars, as the address shows it to the user; rates are stored in cents.
function filtered(db: QueryCreator<DB>, filters: TutorSearch, words: WordsQuery | undefined) {
  let query = db
    .selectFrom('tutor_search as s')
    .where('s.hourly_rate_cents', '>=', dollarsToCents(filters.minPrice))
    .where('s.hourly_rate_cents', '<=', dollarsToCents(filters.maxPrice));
  if (filters.minRating > 0)
    query = query.where('s.rating_hundredths', '>=', Math.round(filters.minRating * 100));
  if (words) query = query.where(sql<boolean>`s.words @@ ${words.match}::tsquery`);
  return query;
}

/** The sort order over tutor_profiles (alias tp, its indexes) or over the matches (alias m). */
function orderOf(sort: TutorSearch['sort'], table: 'tp' | 'm'): RawBuilder<unknown>[] {
  const id = table === 'tp' ? sql`tp.id` : sql`m.id`;
  const byRating =
    table === 'tp'
      ? [sql`tp.average_rating desc nulls last`, sql`tp.review_count desc`, id]
      : [sql`m.rating_hundredths desc nulls last`, sql`m.review_count desc`, id];
  const rate = sql.raw(`${table}.hourly_rate_cents`);
  switch (sort) {
    case 'price_asc':
      return [sql`${rate} asc`, sql`${id} asc`];
    case 'price_desc':
      return [sql`${rate} desc`, sql`${id} desc`];
    case 'rating':
      return byRating;
    default:
      // With text, tutors whose name or subjects match come first.
      return table === 'm' ? [sql`m.keyword_match desc`, ...byRating] : byRating;
  }
}

/**
 * One page of matching tutor ids and the exact total.
 * - Without text or chips, each sort follows an index of tutor_profiles ((rate, id) or
 *   (rating, reviews, id)), so the page reads about ten entries, and the total is a sum over
 *   tutor_search_counts.
 * - With them, the matches are collected once (a GIN bitmap scan of the narrow tutor_search,
 *   kept as a materialised CTE so the planner cannot trade it for a walk down a sort index),
 *   then counted and ranked in memory: one pass instead of two.
 */
export async function searchTutorIds(
  db: Kysely<DB>,
  filters: TutorSearch,
  words: WordsQuery | undefined,
): Promise<{ ids: string[]; total: number }> {
  const offset = (filters.page - 1) * SEARCH_PAGE_SIZE;
  if (!words) {
    let page = db
      .selectFrom('tutor_profiles as tp')
      .select('tp.id')
      // An unlisted tutor's profile stays for its lessons' history but has no search row;
      // checked per row of the page the sort index walks, so a handful of lookups.
      .where(listedTutor('tp.id'))
      .where('tp.hourly_rate_cents', '>=', dollarsToCents(filters.minPrice))
      .where('tp.hourly_rate_cents', '<=', dollarsToCents(filters.maxPrice));
    if (filters.minRating > 0)
      page = page.where('tp.average_rating', '>=', String(filters.minRating));
    for (const order of orderOf(filters.sort, 'tp')) page = page.orderBy(order);
    const rows = await page.limit(SEARCH_PAGE_SIZE).offset(offset).execute();
    return { ids: rows.map((row) => row.id), total: await countTutors(db, filters, words) };
  }

  const keywordMatch = words.text
    ? sql<boolean>`s.keywords @@ ${words.text}::tsquery`
    : sql<boolean>`false`;
  let page = db
    .with(
      (cte) => cte('m').materialized(),
      (qb) =>
        filtered(qb, filters, words).select([
          's.tutor_profile_id as id',
          's.hourly_rate_cents',
          's.rating_hundredths',
          's.review_count',
          keywordMatch.as('keyword_match'),
        ]),
    )
    .selectFrom('m')
    .select(['m.id', sql<number>`(select count(*) from m)`.as('total')]);
  for (const order of orderOf(filters.sort, 'm')) page = page.orderBy(order);
  const rows = await page.limit(SEARCH_PAGE_SIZE).offset(offset).execute();
  // Past the last page there is no row to carry the total: count on its own.
  const total = rows[0]?.total ?? (offset > 0 ? await countTutors(db, filters, words) : 0);
  return { ids: rows.map((row) => row.id), total };
}

/** The exact number of tutors a search finds. */
export async function countTutors(
  db: Kysely<DB>,
  filters: TutorSearch,
  words: WordsQuery | undefined,
): Promise<number> {
  // Price and a half-star minimum rating only: sum the bands instead of counting tutors.
  if (!words && Number.isInteger(filters.minRating * 2)) {
    const row = await db
      .selectFrom('tutor_search_counts')
      .select(sql<number>`coalesce(sum(tutors), 0)::int`.as('total'))
      .where('hourly_rate_cents', '>=', dollarsToCents(filters.minPrice))
      .where('hourly_rate_cents', '<=', dollarsToCents(filters.maxPrice))
      .where('rating_band', '>=', filters.minRating > 0 ? Math.round(filters.minRating * 100) : -1)
      .executeTakeFirstOrThrow();
    return row.total;
  }
  const row = await filtered(db, filters, words)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
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

type Levelled = { name: string; level: string };
type LevelledSubject = Levelled & { id: number };

/** A tutor's subjects and languages with levels, in display order, as two JSON columns. */
const skillColumns = [
  sql<LevelledSubject[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'name', s.name, 'level', ts.proficiency_level)
                    order by s.display_order)
      from tutor_subjects ts join subjects s on s.id = ts.subject_id
     where ts.tutor_profile_id = tp.id), '[]')`.as('subjects'),
  sql<Levelled[]>`coalesce((
    select json_agg(json_build_object('name', l.name, 'level', tl.proficiency_level)
                    order by l.display_order)
      from tutor_languages tl join languages l on l.id = tl.language_id
     where tl.tutor_profile_id = tp.id), '[]')`.as('languages'),
];

/**
 * The card fields of the given tutors (any order), with their subjects and languages: one
 * query, not three, since PGlite runs them one after another anyway.
 */
export function cardsOf(db: Kysely<DB>, ids: string[]) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(cardColumns)
    .select(skillColumns)
    .where('tp.id', 'in', ids)
    .execute();
}

export type CardRow = Awaited<ReturnType<typeof cardsOf>>[number];

type CertificateRow = { name: string; issued_by: string; year: number; url: string | null };
type WindowRow = { local_day_of_week: number; local_start_time: string; local_end_time: string };
/** A review as JSON carries its times as text. */
type ReviewJson = Omit<ReviewRow, 'created_at' | 'replied_at'> & {
  created_at: string;
  replied_at: string | null;
};

/**
 * A tutor's whole profile as students see it, in one query: with the certificates, the weekly
 * windows and the newest `reviewsShown` reviews as JSON columns. Students reach only listed
 * tutors; the admin's approval queue reads any profile (`listedOnly: false`).
 */
export async function findTutorProfile(
  db: Kysely<DB>,
  id: string,
  { listedOnly = true, reviewsShown = 0 } = {},
) {
  let query = db
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
      'u.id as user_id',
    ])
    .select(skillColumns)
    .select([
      sql<CertificateRow[]>`coalesce((
        select json_agg(json_build_object('name', c.name, 'issued_by', c.issued_by,
                                          'year', c.year, 'url', c.url) order by c.year desc)
          from tutor_certificates c where c.tutor_profile_id = tp.id), '[]')`.as('certificates'),
      sql<WindowRow[]>`coalesce((
        select json_agg(json_build_object('local_day_of_week', a.local_day_of_week,
                                          'local_start_time', a.local_start_time,
                                          'local_end_time', a.local_end_time)
                        order by a.local_day_of_week, a.local_start_time)
          from availability_slots a where a.tutor_profile_id = tp.id), '[]')`.as('availability'),
      sql<ReviewJson[]>`coalesce((
        select json_agg(to_json(r) order by r.created_at desc, r.id desc)
          from (${reviewsQuery(db, sql.ref<string>('tp.id'), reviewsShown)}) r), '[]')`.as(
        'reviews',
      ),
    ])
    .where('tp.id', '=', id);
  if (listedOnly) query = query.where(listedTutor('tp.id'));
  const row = await query.executeTakeFirst();
  return (
    row && {
      ...row,
      reviews: row.reviews.map((review) => ({
        ...review,
        created_at: new Date(review.created_at),
        replied_at: review.replied_at === null ? null : new Date(review.replied_at),
      })),
    }
  );
}

/** Reviews of a tutor, newest first (id breaks ties so that pages never overlap). */
function reviewsQuery(
  db: Kysely<DB>,
  tutorProfileId: string | RawBuilder<string>,
  limit: number,
  offset = 0,
) {
  return (
    db
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.student_id')
      .select([
        'r.id',
        'r.rating',
        'r.comment',
        'r.created_at',
        'r.reply',
        'r.replied_at',
        'u.first_name',
        'u.last_name',
        'r.student_id',
      ])
      .where('r.tutor_profile_id', '=', tutorProfileId)
      // A hidden review (an admin's decision, issue #15) leaves the profile for everyone.
      .where('r.hidden_at', 'is', null)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
  );
}

export function reviewsOf(db: Kysely<DB>, id: string, limit: number, offset = 0) {
  return reviewsQuery(db, id, limit, offset).execute();
}
export type ReviewRow = Awaited<ReturnType<typeof reviewsOf>>[number];

/** A listed tutor's number of reviews; undefined for a tutor students cannot reach. */
export async function reviewCountOf(db: Kysely<DB>, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tutor_profiles as tp')
    .select('tp.review_count')
    .where('tp.id', '=', id)
    .where(listedTutor('tp.id'))
    .executeTakeFirst();
  return row?.review_count;
}

/** Active subjects some tutor teaches: a search for one of them finds that tutor. */
const taughtSubjects = (db: Kysely<DB>) =>
  db
    .selectFrom('subjects')
    .select('name')
    .where('is_active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('tutor_subjects as ts')
          .select(sql`1`.as('one'))
          .whereRef('ts.subject_id', '=', 'subjects.id'),
      ),
    );

/** Of `names`, those some tutor teaches. */
export async function taught(db: Kysely<DB>, names: readonly string[]): Promise<Set<string>> {
  const rows = await taughtSubjects(db)
    .where('name', 'in', [...names])
    .execute();
  return new Set(rows.map((row) => row.name));
}

export async function suggest(db: Kysely<DB>, q: string, limit: number) {
  const pattern = containsPattern(q);
  const [subjects, tutors] = await Promise.all([
    taughtSubjects(db)
      .where(sql<boolean>`lower(name) like ${pattern}`)
      .orderBy('display_order')
      .limit(limit)
      .execute(),
    db
      .selectFrom('tutor_profiles as tp')
      .innerJoin('users as u', 'u.id', 'tp.user_id')
      .select(fullName('u').as('name'))
      .where(listedTutor('tp.id'))
      .where('tp.search_text', 'like', pattern)
      .where(sql<boolean>`lower(${fullName('u')}) like ${pattern}`)
      .limit(limit)
      .execute(),
  ]);
  return [...subjects.map((row) => row.name), ...tutors.map((row) => row.name)];
}
