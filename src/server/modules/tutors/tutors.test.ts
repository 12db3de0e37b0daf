import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointOutput } from '../../../contracts/endpoint';
import {
  getReviews,
  getSuggestions,
  getTutorProfile,
  searchTutors,
} from '../../../contracts/tutors.contract';
import { DISCOVERY_MESSAGES } from '../../../domain/messages';
import { SEARCH_PAGE_SIZE, SEARCH_WINDOW } from '../../../domain/tutors/tutor-search';
import { DEMO_EMAIL_DOMAIN, seedDemoTutors } from '../../db/seed/demo-tutors';
import { createStudent } from '../../test/factories';
import { queryText } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { announcementsHeard } from '../../test/announced-changes';

describe.each(TEST_DRIVERS)('tutor search on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  /** No tutor and no demo account left: a search test seeds its own marketplace. */
  async function removeTutors() {
    await t.database.db
      .deleteFrom('users')
      .where((eb) =>
        eb.or([eb('role', '=', 'tutor'), eb('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)]),
      )
      .execute();
  }

  /**
   * The marketplace a search test reads, made afresh for it: the same 35 demo tutors each time
   * (one at $200 an hour, one at $1), nobody else, and a signed-in student to search with.
   */
  async function marketplace() {
    const db = t.database.db;
    await removeTutors();
    await seedDemoTutors(db, { count: 35, seed: 7 });
    const [priciest, cheapest] = (
      await db.selectFrom('tutor_profiles').select('id').orderBy('id').limit(2).execute()
    ).map((row) => row.id) as [string, string];
    for (const [id, rate] of [
      [priciest, 20_000],
      [cheapest, 100],
    ] as const)
      await db
        .updateTable('tutor_profiles')
        .set({ hourly_rate_cents: rate })
        .where('id', '=', id)
        .execute();
    const { client: student } = await createStudent(t);
    /** A search as the page's address carries it (`subjects=Math&maxPrice=40`). */
    const search = (query: string) =>
      student.call(searchTutors, { query: queryText(searchTutors, query) });
    /** Every matching tutor, over all pages, once the changes before are announced (ADR 047). */
    const searchAll = async (query: string) => {
      await announcementsHeard(t.database);
      const first = await search(query);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, index) =>
          search(`${query}&page=${index + 2}`),
        ),
      );
      return { total: first.total, tutors: [first, ...rest].flatMap((page) => page.tutors) };
    };
    return { student, priciest, cheapest, search, searchAll };
  }

  it('lists completed profiles ten per page with the total', async () => {
    const { search, searchAll } = await marketplace();
    const page = await search('');
    expect(page).toMatchObject({ total: 35, page: 1, pageSize: 10, totalPages: 4 });
    expect(page.tutors).toHaveLength(10);
    const all = await searchAll('');
    expect(new Set(all.tutors.map((tutor) => tutor.id)).size).toBe(35);
    expect(all.tutors.find((tutor) => tutor.totalReviews === 0)?.rating ?? null).toBeNull();
  });

  it('narrows by price, including the edge values 0 and 200', async () => {
    const { priciest, cheapest, searchAll } = await marketplace();
    const all = await searchAll('minPrice=0&maxPrice=200');
    expect(all.total).toBe(35);
    const low = await searchAll('minPrice=0&maxPrice=1');
    expect(low.tutors.map((tutor) => tutor.id)).toEqual([cheapest]);
    const top = await searchAll('minPrice=199&maxPrice=200');
    expect(top.tutors.map((tutor) => tutor.id)).toEqual([priciest]);
    const middle = await searchAll('minPrice=20&maxPrice=50');
    const expected = await t.database.db
      .selectFrom('tutor_profiles')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('hourly_rate_cents', '>=', 2000)
      .where('hourly_rate_cents', '<=', 5000)
      .executeTakeFirstOrThrow();
    expect(middle.total).toBe(expected.n);
    for (const tutor of middle.tutors) expect(tutor.hourlyRateCents).toBeGreaterThanOrEqual(2000);
  });

  it('narrows by minimum rating', async () => {
    const { search, searchAll } = await marketplace();
    const rated = await searchAll('minRating=4.5');
    const expected = await t.database.db
      .selectFrom('tutor_profiles')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('average_rating', '>=', '4.5')
      .executeTakeFirstOrThrow();
    expect(rated.total).toBe(expected.n);
    for (const tutor of rated.tutors) expect(tutor.rating).toBeGreaterThanOrEqual(4.5);
    expect((await search('minRating=3')).total).toBeGreaterThanOrEqual(rated.total);
  });

  it('narrows by subjects (any of them) and languages', async () => {
    const { searchAll } = await marketplace();
    const physics = await searchAll('subjects=Physics,Chemistry');
    expect(physics.total).toBeGreaterThan(0);
    for (const tutor of physics.tutors) {
      expect(tutor.subjects.some((s) => s.name === 'Physics' || s.name === 'Chemistry')).toBe(true);
    }
    const spanish = await searchAll('languages=Spanish');
    for (const tutor of spanish.tutors)
      expect(tutor.languages.map((l) => l.name)).toContain('Spanish');
    const both = await searchAll('subjects=Physics,Chemistry&languages=Spanish');
    expect(both.total).toBeLessThanOrEqual(Math.min(physics.total, spanish.total));
  });

  it('finds tutors by text, tolerating typos, ranked by relevance', async () => {
    const { searchAll } = await marketplace();
    const math = await searchAll('q=math');
    expect(math.total).toBeGreaterThan(0);
    for (const tutor of math.tutors) {
      const text =
        `${tutor.name} ${tutor.subjects.map((s) => s.name).join(' ')} ${tutor.introduction}`.toLowerCase();
      expect(text).toContain('math');
    }
    const typo = await searchAll('q=mathematcs');
    expect(typo.tutors.map((t) => t.id)).toEqual(
      expect.arrayContaining(
        math.tutors
          .filter((t) => t.subjects.some((s) => s.name === 'Mathematics'))
          .map((t) => t.id),
      ),
    );
  });

  it('matches every word of the query as the start of a word, names included', async () => {
    const { search, searchAll } = await marketplace();
    const tutor = (await search('sort=price_desc')).tutors[3]!;
    const byName = await searchAll(
      `q=${encodeURIComponent(`${tutor.lastName} ${tutor.firstName}`)}`,
    );
    expect(byName.tutors.map((t) => t.id)).toContain(tutor.id);
    for (const found of byName.tutors) {
      const words =
        `${found.name} ${found.subjects.map((s) => s.name).join(' ')} ${found.introduction}`
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u);
      expect(words).toContain(tutor.firstName.toLowerCase());
      expect(words).toContain(tutor.lastName.toLowerCase());
    }
    const prefix = await searchAll(`q=${encodeURIComponent(tutor.lastName.slice(0, 3))}`);
    expect(prefix.tutors.map((t) => t.id)).toContain(tutor.id);
    expect((await search('q=zzqxv')).total).toBe(0);
  });

  it('ranks tutors whose name or subjects match before those matched by their bio', async () => {
    const { searchAll } = await marketplace();
    const math = await searchAll('q=math');
    const byKeyword = math.tutors.map((tutor) =>
      [tutor.name, ...tutor.subjects.map((s) => s.name)].some((text) =>
        /(^|[^\p{L}\p{N}])math/iu.test(text),
      ),
    );
    expect(byKeyword).toContain(true);
    expect(byKeyword).toEqual([...byKeyword].sort((a, b) => Number(b) - Number(a)));
  });

  it('counts every match exactly, on each page and past the last one', async () => {
    const { search, searchAll } = await marketplace();
    const query = 'q=exam&minPrice=10&maxPrice=80&sort=relevance';
    const all = await searchAll(query);
    const expected = await t.database.db
      .selectFrom('tutor_profiles')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`search_text ~ '(^|[^[:alnum:]])exam'`)
      .where('hourly_rate_cents', '>=', 1000)
      .where('hourly_rate_cents', '<=', 8000)
      .executeTakeFirstOrThrow();
    expect(expected.n).toBeGreaterThan(SEARCH_PAGE_SIZE);
    expect(all.total).toBe(expected.n);
    expect(new Set(all.tutors.map((tutor) => tutor.id)).size).toBe(expected.n);
    // Past the last page (an old link): the last page, said as such.
    const lastPage = Math.ceil(expected.n / SEARCH_PAGE_SIZE);
    const last = await search(`${query}&page=${lastPage}`);
    for (const beyond of [lastPage + 1, 1000])
      expect(await search(`${query}&page=${beyond}`)).toEqual({ ...last, page: lastPage });
    expect(last.tutors.length).toBeGreaterThan(0);
    expect(await search('q=nobodyteachesthis&page=3')).toMatchObject({
      tutors: [],
      total: 0,
      page: 1,
      totalPages: 0,
    });
  });

  it('treats SQL metacharacters, % and _ as plain text', async () => {
    const { search } = await marketplace();
    expect((await search(`q=${encodeURIComponent("'; drop table users; --")}`)).total).toBe(0);
    expect((await search('q=%25')).total).toBe(0);
    expect((await search('q=_')).total).toBe(0);
    expect((await search('')).total).toBe(35);
  });

  it('sorts by price and rating', async () => {
    const { search } = await marketplace();
    const cheapFirst = (await search('sort=price_asc')).tutors.map((t) => t.hourlyRateCents);
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    expect(cheapFirst[0]).toBe(100);
    expect((await search('sort=price_desc')).tutors[0]!.hourlyRateCents).toBe(20_000);
    const ratings = (await search('sort=rating')).tutors.map((t) => t.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it.each([
    ['page=-1', DISCOVERY_MESSAGES.searchPage],
    ['page=0', DISCOVERY_MESSAGES.searchPage],
    ['minPrice=150&maxPrice=100', DISCOVERY_MESSAGES.searchPriceOrder],
    ['minPrice=100&maxPrice=100.5', DISCOVERY_MESSAGES.searchPriceOrder],
    ['minPrice=-1', DISCOVERY_MESSAGES.searchPriceRange],
    ['minPrice=50&maxPrice=40', DISCOVERY_MESSAGES.searchPriceOrder],
    ['minPrice=20&maxPrice=20', DISCOVERY_MESSAGES.searchPriceOrder],
    ['minPrice=-5&maxPrice=500', DISCOVERY_MESSAGES.searchPriceRange],
    ['maxPrice=201', DISCOVERY_MESSAGES.searchPriceRange],
    ['minRating=2', DISCOVERY_MESSAGES.searchRating],
    ['sort=cheapest', DISCOVERY_MESSAGES.searchSort],
    [`q=${'a'.repeat(10_000)}`, DISCOVERY_MESSAGES.searchQueryTooLong],
  ])('answers %s with 400 and a clear message', async (query, message) => {
    const { client: student } = await createStudent(t);
    const response = await student.callError(searchTutors, {
      query: queryText(searchTutors, query),
    });
    expect(response).toMatchObject({ status: 400, message });
  });

  it('suggests subjects and names, or the popular list for an empty box', async () => {
    const { student } = await marketplace();
    const { suggestions } = await student.call(getSuggestions, { query: { q: 'eng' } });
    expect(suggestions).toContain('English');
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });

  it('suggests only what finds a tutor: popular searches and subjects somebody teaches', async () => {
    const { student, search, cheapest } = await marketplace();
    const db = t.database.db;
    const subjectId = async (name: string) =>
      (
        await db
          .selectFrom('subjects')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    // Nobody teaches Music; one tutor teaches Programming.
    await db
      .deleteFrom('tutor_subjects')
      .where('subject_id', '=', await subjectId('Music'))
      .execute();
    await db
      .insertInto('tutor_subjects')
      .values({
        tutor_profile_id: cheapest,
        subject_id: await subjectId('Programming'),
        proficiency_level: 'expert',
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();

    const suggest = async (q?: string) =>
      (await student.call(getSuggestions, { query: { q } })).suggestions;
    const popular = await suggest();
    expect(popular).toContain('Programming');
    expect(popular).not.toContain('Music');
    expect(popular.length).toBeGreaterThan(0);
    for (const suggestion of popular)
      expect((await search(`q=${encodeURIComponent(suggestion)}`)).total).toBeGreaterThan(0);
    expect(await suggest('mus')).not.toContain('Music');
    expect(await suggest('progr')).toContain('Programming');
  });

  it('shows a tutor profile, and 404 for an unknown id', async () => {
    const { student, priciest } = await marketplace();
    const profile = await student.call(getTutorProfile, { params: { id: priciest } });
    expect(profile).toMatchObject({ id: priciest, hourlyRateCents: 20_000 });
    expect(profile.availability.slots.length).toBeGreaterThan(0);
    expect(profile.reviews.length).toBeLessThanOrEqual(3);
    // Each subject carries its id, which a booking sends.
    const taught = await t.database.db
      .selectFrom('tutor_subjects as ts')
      .innerJoin('subjects as s', 's.id', 'ts.subject_id')
      .select(['s.id', 's.name', 'ts.proficiency_level as level'])
      .where('ts.tutor_profile_id', '=', priciest)
      .orderBy('s.id')
      .execute();
    expect(taught.length).toBeGreaterThan(0);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...profile.subjects].sort(byId)).toEqual(taught);
    const reviews = await student.call(getReviews, { params: { id: priciest }, query: {} });
    expect(reviews).toMatchObject({ total: profile.totalReviews, nextPage: null });
    expect(reviews.reviews).toHaveLength(profile.totalReviews);
    const unknown = { params: { id: '00000000-0000-4000-8000-000000000000' } };
    expect((await student.callError(getTutorProfile, unknown)).status).toBe(404);
    expect(
      (await student.callError(getTutorProfile, { params: { id: 'not-a-uuid' } })).message,
    ).toBe('Tutor profile not found');
  });

  it('pages all reviews newest first, without overlaps, and rejects bad pages', async () => {
    const { student, cheapest } = await marketplace();
    const db = t.database.db;
    const students = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'student')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('reviews')
              .select('id')
              .whereRef('reviews.student_id', '=', 'users.id')
              .where('reviews.tutor_profile_id', '=', cheapest),
          ),
        ),
      )
      .limit(45)
      .execute();
    expect(students).toHaveLength(45);
    // Pairs of reviews share a timestamp: the order must still be total.
    const added = await db
      .insertInto('reviews')
      .values(
        students.map((s, index) => ({
          tutor_profile_id: cheapest,
          student_id: s.id,
          rating: 1 + (index % 5),
          created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 2))),
        })),
      )
      .returning('id')
      .execute();
    try {
      const params = { id: cheapest };
      const { totalReviews: total } = await student.call(getTutorProfile, { params });
      const pages = [];
      for (let page: number | null = 1; page;) {
        const response: EndpointOutput<typeof getReviews> = await student.call(getReviews, {
          params,
          query: { page },
        });
        expect(response.total).toBe(total);
        pages.push(response.reviews);
        page = response.nextPage;
      }
      expect(pages.map((page) => page.length).slice(0, -1)).toEqual(
        Array(pages.length - 1).fill(20),
      );
      const all = pages.flat();
      expect(new Set(all.map((review) => review.id)).size).toBe(total);
      const times = all.map((review) => review.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      for (const page of ['0', '-1', '1.5', 'x']) {
        const bad = await student.callError(getReviews, { params, query: { page } });
        expect(bad).toMatchObject({ status: 400, message: DISCOVERY_MESSAGES.searchPage });
      }
      const unknown = await student.callError(getReviews, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(404);
    } finally {
      await db
        .deleteFrom('reviews')
        .where(
          'id',
          'in',
          added.map((row) => row.id),
        )
        .execute();
    }
  });

  it('keeps search in step with new reviews, prices and re-submitted subjects', async () => {
    const { priciest, cheapest, search, searchAll } = await marketplace();
    const db = t.database.db;
    const newcomer = await db
      .selectFrom('tutor_profiles')
      .select(['id', 'hourly_rate_cents'])
      .where('review_count', '=', 0)
      .where('id', 'not in', [priciest, cheapest])
      .executeTakeFirstOrThrow();
    const ids = async (query: string) => (await searchAll(query)).tutors.map((tutor) => tutor.id);
    /** Totals of searches without text, checked against a count over the profiles themselves. */
    const expectExactTotals = async () => {
      for (const [query, min, max, rating] of [
        ['', 0, 200, 0],
        ['minRating=4.5', 0, 200, 4.5],
        ['minRating=3&minPrice=20&maxPrice=60', 20, 60, 3],
        ['minPrice=199&maxPrice=200', 199, 200, 0],
      ] as const) {
        let expected = db
          .selectFrom('tutor_profiles')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('hourly_rate_cents', '>=', min * 100)
          .where('hourly_rate_cents', '<=', max * 100);
        if (rating > 0) expected = expected.where('average_rating', '>=', String(rating));
        expect((await search(query)).total, query).toBe(
          (await expected.executeTakeFirstOrThrow()).n,
        );
      }
    };
    await expectExactTotals();
    expect(await ids('minRating=3')).not.toContain(newcomer.id);

    const reviewer = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'student')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('reviews')
      .values({ tutor_profile_id: newcomer.id, student_id: reviewer.id, rating: 5 })
      .execute();
    expect(await ids('minRating=4.5')).toContain(newcomer.id);
    await expectExactTotals();
    await db.deleteFrom('reviews').where('tutor_profile_id', '=', newcomer.id).execute();
    expect(await ids('minRating=3')).not.toContain(newcomer.id);
    await expectExactTotals();

    await db
      .updateTable('tutor_profiles')
      .set({ hourly_rate_cents: 19_950 })
      .where('id', '=', newcomer.id)
      .execute();
    expect(await ids('minPrice=199&maxPrice=200')).toEqual(
      expect.arrayContaining([newcomer.id, priciest]),
    );
    await expectExactTotals();
    await db
      .updateTable('tutor_profiles')
      .set({ hourly_rate_cents: newcomer.hourly_rate_cents })
      .where('id', '=', newcomer.id)
      .execute();

    // Re-submitting a profile with another subject refreshes the words search matches.
    const { search_text: text } = await db
      .selectFrom('tutor_profiles')
      .select('search_text')
      .where('id', '=', newcomer.id)
      .executeTakeFirstOrThrow();
    const subjects = await db
      .selectFrom('subjects')
      .select(['id', 'name'])
      .orderBy('display_order')
      .execute();
    // A subject whose words appear nowhere in the tutor's name, subjects or bio yet.
    const subject = subjects.find((candidate) =>
      candidate.name
        .toLowerCase()
        .split(/\s+/)
        .every((word) => !text.includes(word)),
    )!;
    const q = `q=${encodeURIComponent(subject.name)}`;
    expect(await ids(q)).not.toContain(newcomer.id);
    await db
      .insertInto('tutor_subjects')
      .values({
        tutor_profile_id: newcomer.id,
        subject_id: subject.id,
        proficiency_level: 'expert',
      })
      .execute();
    expect(await ids(q)).toContain(newcomer.id);
    await db
      .deleteFrom('tutor_subjects')
      .where('tutor_profile_id', '=', newcomer.id)
      .where('subject_id', '=', subject.id)
      .execute();

    // A profile that goes away leaves every total.
    await db.deleteFrom('tutor_profiles').where('id', '=', newcomer.id).execute();
    await expectExactTotals();
    expect((await search('')).total).toBe(34);
  });

  // ADR 042: a search counts and pages through at most SEARCH_WINDOW tutors, the first ones in
  // the sort's index order; past it the total is a floor ("1000+") and the pages stop.
  it('counts up to the window, then says there are more, and pages through the window', async () => {
    const db = t.database.db;
    await removeTutors();
    await seedDemoTutors(db, { count: SEARCH_WINDOW + 30, seed: 3 });
    // With statistics the planner expects 'a' to match most tutors: the search then walks the
    // sort index (the price-bounded search below collects its matches instead).
    await sql`analyze tutor_search`.execute(db);
    const { client: student } = await createStudent(t);
    const search = (query: string) =>
      student.call(searchTutors, { query: queryText(searchTutors, query) });
    const lastPage = SEARCH_WINDOW / SEARCH_PAGE_SIZE;
    const broad = { total: SEARCH_WINDOW, totalIsLowerBound: true, totalPages: lastPage };

    // No text: every tutor matches.
    expect(await search('')).toMatchObject({ ...broad, page: 1 });
    // One letter most tutors have a word starting with, sorted by price: the window is the
    // cheapest SEARCH_WINDOW matches, in order, page after page.
    const matching = await db
      .selectFrom('tutor_profiles')
      .select(['id', 'hourly_rate_cents'])
      .where(sql<boolean>`search_text ~ '(^|[^[:alnum:]])a'`)
      .orderBy('hourly_rate_cents')
      .orderBy('id')
      .execute();
    expect(matching.length).toBeGreaterThan(SEARCH_WINDOW);
    const window = matching.slice(0, SEARCH_WINDOW).map((row) => row.id);
    const first = await search('q=a&sort=price_asc');
    expect(first).toMatchObject({ ...broad, page: 1 });
    expect(first.tutors.map((tutor) => tutor.id)).toEqual(window.slice(0, SEARCH_PAGE_SIZE));
    const last = await search(`q=a&sort=price_asc&page=${lastPage}`);
    expect(last).toMatchObject({ ...broad, page: lastPage });
    expect(last.tutors.map((tutor) => tutor.id)).toEqual(window.slice(-SEARCH_PAGE_SIZE));
    // Past the window (an old link, a typed address): its last page, said as such.
    for (const beyond of [lastPage + 1, 1000])
      expect(await search(`q=a&sort=price_asc&page=${beyond}`)).toEqual(last);

    // Relevance ranks within the window of the best rated: name and subject matches first.
    const ranked = await search('q=a');
    expect(ranked).toMatchObject(broad);
    const byRating = await db
      .selectFrom('tutor_profiles')
      .select('id')
      .where(sql<boolean>`search_text ~ '(^|[^[:alnum:]])a'`)
      .orderBy(sql`average_rating desc nulls last`)
      .orderBy('review_count', 'desc')
      .orderBy('id')
      .limit(SEARCH_WINDOW)
      .execute();
    const best = new Set(byRating.map((row) => row.id));
    for (const tutor of ranked.tutors) expect(best.has(tutor.id)).toBe(true);

    // A search that finds fewer than the window is counted exactly, as before.
    const dollars = Math.floor(matching[SEARCH_WINDOW / 2]!.hourly_rate_cents / 100);
    const exactly = matching.filter((row) => row.hourly_rate_cents <= dollars * 100).length;
    expect(exactly).toBeLessThan(SEARCH_WINDOW);
    expect(await search(`q=a&maxPrice=${dollars}`)).toMatchObject({
      total: exactly,
      totalIsLowerBound: false,
      totalPages: Math.ceil(exactly / SEARCH_PAGE_SIZE),
    });
    // Seeding a thousand tutors takes PGlite ~30 s on the shared 2-core machine.
  }, 180_000);

  it('requires a signed-in user', async () => {
    expect((await fetch(`${t.url}/api/tutors`)).status).toBe(401);
  });
});
