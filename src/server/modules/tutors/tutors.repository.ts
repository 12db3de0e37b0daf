import { sql, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import { dollarsToCents } from '../../../domain/money';
import {
  FUZZY_MIN_LENGTH,
  FUZZY_MIN_SIMILARITY,
  SEARCH_PAGE_SIZE,
  SEARCH_WINDOW,
} from '../../../domain/tutors/tutor-search';
import type { TutorSearch } from '../../../contracts/tutors.contract';
import { containsPattern } from '../../db/contains-pattern';
import { PLANNED_FOR_ITS_VALUES } from '../../db/named-statements';
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
     cross join lateral unnest(tsvector_to_array(to_tsvector('simple', t.term))) as q(lexeme)
    ${PLANNED_FOR_ITS_VALUES}`.execute(db);
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

/** The columns a sort reads, in tutor_profiles (tp), tutor_search (s) or a search window (w). */
const SORT_COLUMNS = {
  tp: {
    id: 'tp.id',
    rate: 'tp.hourly_rate_cents',
    rating: 'tp.average_rating',
    reviews: 'tp.review_count',
  },
  s: {
    id: 's.tutor_profile_id',
    rate: 's.hourly_rate_cents',
    rating: 's.rating_hundredths',
    reviews: 's.review_count',
  },
  w: { id: 'w.id', rate: 'w.hourly_rate_cents', rating: 'w.rating', reviews: 'w.review_count' },
} as const;

/**
 * The sort order. Over tutor_profiles it follows an index ((rate, id) or (rating, reviews, id));
 * tutor_search's rating in hundredths orders as tutor_profiles' two-decimal rating does.
 * `ranked` (a search window with text): relevance puts tutors whose name or subjects match first.
 */
function orderOf(
  sort: TutorSearch['sort'],
  table: keyof typeof SORT_COLUMNS,
  ranked = false,
): RawBuilder<unknown>[] {
  const column = SORT_COLUMNS[table];
  const ref = (name: keyof typeof column) => sql.ref(column[name]);
  const byRating = [sql`${ref('rating')} desc nulls last`, sql`${ref('reviews')} desc`, ref('id')];
  switch (sort) {
    case 'price_asc':
      return [sql`${ref('rate')} asc`, sql`${ref('id')} asc`];
    case 'price_desc':
      return [sql`${ref('rate')} desc`, sql`${ref('id')} desc`];
    case 'rating':
      return byRating;
    default:
      return ranked ? [sql`w.keyword_match desc`, ...byRating] : byRating;
  }
}

/**
 * Price and minimum rating, over tutor_profiles (tp: its sort indexes can use them) or
 * tutor_search (s). The price filter is in dollars, as the address shows it; rates are in cents.
 * A minimum rating leaves unrated tutors out; none (0) lets them in.
 */
function pricedAndRated(table: 'tp' | 's', filters: TutorSearch): RawBuilder<boolean> {
  const column = SORT_COLUMNS[table];
  const price = sql<boolean>`${sql.ref(column.rate)} between ${dollarsToCents(filters.minPrice)} and ${dollarsToCents(filters.maxPrice)}`;
  if (filters.minRating <= 0) return price;
  // tutor_search keeps the rating in hundredths; tutor_profiles as a two-decimal numeric.
  const hundredths = Math.round(filters.minRating * 100);
  const minimum = table === 's' ? hundredths : String(hundredths / 100);
  return sql<boolean>`${price} and ${sql.ref(column.rating)} >= ${minimum}`;
}

const fromSearch = (db: QueryCreator<DB>, filters: TutorSearch) =>
  db.selectFrom('tutor_search as s').where(pricedAndRated('s', filters));
const fromProfiles = (db: QueryCreator<DB>, filters: TutorSearch) =>
  db.selectFrom('tutor_profiles as tp').where(pricedAndRated('tp', filters));

/**
 * A search walks the sort index when the planner expects at least this share of the tutors to
 * match: it then reads about SEARCH_WINDOW / share tutors (5 000 at most) to fill the window,
 * where collecting the matches reads every one of them (20 000 and more of 100 000).
 */
const WALK_FROM_SHARE = 0.2;

/** The planner's guess of the share of listed tutors a search matches (0 before statistics). */
async function expectedShare(db: Kysely<DB>, filters: TutorSearch, words: WordsQuery) {
  const [explained] = await fromSearch(db, filters)
    .select(sql`1`.as('one'))
    .where(sql<boolean>`s.words @@ ${words.match}::tsquery`)
    .modifyEnd(PLANNED_FOR_ITS_VALUES)
    .explain('json');
  const plan = (explained?.['QUERY PLAN'] as [{ Plan: { 'Plan Rows': number } }] | undefined)?.[0];
  const { rows } = await sql<{ tutors: number }>`
    select reltuples::float8 as tutors from pg_class where oid = 'tutor_search'::regclass`.execute(
    db,
  );
  const tutors = rows[0]?.tutors ?? 0;
  return plan && tutors > 0 ? plan.Plan['Plan Rows'] / tutors : 0;
}

/**
 * One page of matching tutor ids, and how many tutors match, counted up to SEARCH_WINDOW + 1
 * (more than SEARCH_WINDOW: there are at least that many).
 * - Without text or chips, each sort follows an index of tutor_profiles, so the page reads
 *   about ten entries, and the count is a sum over tutor_search_counts.
 * - With them, the window is the first SEARCH_WINDOW + 1 matches in the sort's order, ranked
 *   among themselves (ADR 042), found one of two ways with the same result: a broad search
 *   ('a') walks tutor_profiles' sort index and stops once the window is full; a narrower one
 *   collects its matches from the narrow tutor_search (a GIN bitmap scan, or a plain scan when
 *   many match) and keeps the first ones. Either way no search sorts every tutor.
 */
export async function searchTutorIds(
  db: Kysely<DB>,
  filters: TutorSearch,
  words: WordsQuery | undefined,
): Promise<{ ids: string[]; matches: number }> {
  const offset = (filters.page - 1) * SEARCH_PAGE_SIZE;
  if (!words) {
    let page = fromProfiles(db, filters)
      .select('tp.id')
      // An unlisted tutor's profile stays for its lessons' history but has no search row;
      // checked per row of the page the sort index walks, so a handful of lookups.
      .where(listedTutor('tp.id'));
    for (const order of orderOf(filters.sort, 'tp')) page = page.orderBy(order);
    const rows = await page
      .limit(SEARCH_PAGE_SIZE)
      .offset(offset)
      .modifyEnd(PLANNED_FOR_ITS_VALUES)
      .execute();
    const matches = Math.min(await countTutors(db, filters), SEARCH_WINDOW + 1);
    return { ids: rows.map((row) => row.id), matches };
  }

  const keywordMatch = words.text
    ? sql<boolean>`s.keywords @@ ${words.text}::tsquery`
    : sql<boolean>`false`;
  const matching = sql<boolean>`s.words @@ ${words.match}::tsquery`;
  const walk = (await expectedShare(db, filters, words)) >= WALK_FROM_SHARE;
  const table = walk ? 'tp' : 's';
  const order = sql.join(orderOf(filters.sort, table));
  const columns = SORT_COLUMNS[table];
  // Only listed tutors have a search row (listed-tutor.ts).
  const first = (
    walk
      ? fromProfiles(db, filters).innerJoin('tutor_search as s', 's.tutor_profile_id', 'tp.id')
      : fromSearch(db, filters)
  )
    .where(matching)
    .select([
      sql.ref<string>(columns.id).as('id'),
      sql.ref<number>(columns.rate).as('hourly_rate_cents'),
      sql.ref<unknown>(columns.rating).as('rating'),
      sql.ref<number>(columns.reviews).as('review_count'),
      keywordMatch.as('keyword_match'),
    ])
    .orderBy(order)
    .limit(SEARCH_WINDOW + 1);
  const rankOrder = sql.join(orderOf(filters.sort, 'w', true));
  const row = await db
    .with(
      (cte) => cte('w').materialized(),
      // Inside, w is the first matches; the position keeps the last one out of the pages
      // (it only tells that more match).
      (qb) =>
        qb
          .selectFrom(first.as('w'))
          .selectAll('w')
          .select(
            sql<number>`row_number() over (order by ${sql.join(orderOf(filters.sort, 'w'))})`.as(
              'position',
            ),
          ),
    )
    .with('page', (qb) => {
      let page = qb.selectFrom('w').selectAll('w').where('w.position', '<=', SEARCH_WINDOW);
      for (const part of orderOf(filters.sort, 'w', true)) page = page.orderBy(part);
      return page.limit(SEARCH_PAGE_SIZE).offset(offset);
    })
    .selectNoFrom([
      sql<number>`(select count(*)::int from w)`.as('matches'),
      sql<string[]>`coalesce((select array_agg(w.id order by ${rankOrder}) from page w), '{}')`.as(
        'ids',
      ),
    ])
    .modifyEnd(PLANNED_FOR_ITS_VALUES)
    .executeTakeFirstOrThrow();
  return { ids: row.ids, matches: row.matches };
}

/** The exact number of tutors a search without text or chips finds. */
async function countTutors(db: Kysely<DB>, filters: TutorSearch): Promise<number> {
  // Price and a half-star minimum rating only: sum the bands instead of counting tutors.
  if (Number.isInteger(filters.minRating * 2)) {
    const row = await db
      .selectFrom('tutor_search_counts')
      .select(sql<number>`coalesce(sum(tutors), 0)::int`.as('total'))
      .where('hourly_rate_cents', '>=', dollarsToCents(filters.minPrice))
      .where('hourly_rate_cents', '<=', dollarsToCents(filters.maxPrice))
      .where('rating_band', '>=', filters.minRating > 0 ? Math.round(filters.minRating * 100) : -1)
      .executeTakeFirstOrThrow();
    return row.total;
  }
  const row = await fromSearch(db, filters)
    .select(sql<number>`count(*)::int`.as('total'))
    .modifyEnd(PLANNED_FOR_ITS_VALUES)
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

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findTutorProfile>>>;

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
      .modifyEnd(PLANNED_FOR_ITS_VALUES)
      .execute(),
    db
      .selectFrom('tutor_profiles as tp')
      .innerJoin('users as u', 'u.id', 'tp.user_id')
      .select(fullName('u').as('name'))
      .where(listedTutor('tp.id'))
      .where('tp.search_text', 'like', pattern)
      .where(sql<boolean>`lower(${fullName('u')}) like ${pattern}`)
      .limit(limit)
      .modifyEnd(PLANNED_FOR_ITS_VALUES)
      .execute(),
  ]);
  return [...subjects.map((row) => row.name), ...tutors.map((row) => row.name)];
}
