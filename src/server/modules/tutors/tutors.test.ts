import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TutorCard } from '../../../contracts/tutors.contract';
import { SEARCH_MESSAGES } from '../../../domain/tutors/tutor-search';
import { seedDemoTutors } from '../../db/seed/demo-tutors';
import { signUpAndVerify } from '../../test/accounts';
import type { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

describe.each(TEST_DRIVERS)('tutor search on %s', (driver) => {
  let t: TestApp;
  let student: TestClient;
  let priciest: string;
  let cheapest: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    student = (await signUpAndVerify(t.url, t.inbox, 'student')).client;
    await seedDemoTutors(t.database.db, { count: 35, seed: 7 });
    const ids = await t.database.db
      .selectFrom('tutor_profiles')
      .select('id')
      .orderBy('id')
      .execute();
    priciest = ids[0]!.id;
    cheapest = ids[1]!.id;
    await t.database.db
      .updateTable('tutor_profiles')
      .set({ hourly_rate_cents: 20_000 })
      .where('id', '=', priciest)
      .execute();
    await t.database.db
      .updateTable('tutor_profiles')
      .set({ hourly_rate_cents: 100 })
      .where('id', '=', cheapest)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (query: string) => {
    const response = await student.get(`/api/tutors?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.json as {
      tutors: TutorCard[];
      total: number;
      page: number;
      pageSize: number;
      totalPages: number;
    };
  };
  /** Every matching tutor, over all pages. */
  const searchAll = async (query: string) => {
    const first = await search(query);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, index) =>
        search(`${query}&page=${index + 2}`),
      ),
    );
    return { total: first.total, tutors: [first, ...rest].flatMap((page) => page.tutors) };
  };

  it('lists completed profiles ten per page with the total', async () => {
    const page = await search('');
    expect(page).toMatchObject({ total: 35, page: 1, pageSize: 10, totalPages: 4 });
    expect(page.tutors).toHaveLength(10);
    const all = await searchAll('');
    expect(new Set(all.tutors.map((tutor) => tutor.id)).size).toBe(35);
    expect(all.tutors.find((tutor) => tutor.totalReviews === 0)?.rating ?? null).toBeNull();
  });

  it('narrows by price, including the edge values 0 and 200', async () => {
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
    for (const tutor of middle.tutors) expect(tutor.hourlyRate).toBeGreaterThanOrEqual(20);
  });

  it('narrows by minimum rating', async () => {
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

  it('treats SQL metacharacters, % and _ as plain text', async () => {
    expect((await search(`q=${encodeURIComponent("'; drop table users; --")}`)).total).toBe(0);
    expect((await search('q=%25')).total).toBe(0);
    expect((await search('q=_')).total).toBe(0);
    expect((await search('')).total).toBe(35);
  });

  it('sorts by price and rating', async () => {
    const cheapFirst = (await search('sort=price_asc')).tutors.map((t) => t.hourlyRate);
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    expect(cheapFirst[0]).toBe(1);
    expect((await search('sort=price_desc')).tutors[0]!.hourlyRate).toBe(200);
    const ratings = (await search('sort=rating')).tutors.map((t) => t.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it.each([
    ['page=-1', SEARCH_MESSAGES.page],
    ['page=0', SEARCH_MESSAGES.page],
    ['minPrice=150&maxPrice=100', SEARCH_MESSAGES.priceOrder],
    ['minPrice=100&maxPrice=100.5', SEARCH_MESSAGES.priceOrder],
    ['minPrice=-1', SEARCH_MESSAGES.priceRange],
    ['maxPrice=201', SEARCH_MESSAGES.priceRange],
    ['minRating=2', SEARCH_MESSAGES.rating],
    ['sort=cheapest', SEARCH_MESSAGES.sort],
    [`q=${'a'.repeat(10_000)}`, SEARCH_MESSAGES.queryTooLong],
  ])('answers %s with 400 and a clear message', async (query, message) => {
    const response = await student.get(`/api/tutors?${query}`);
    expect(response.status).toBe(400);
    expect(response.json.error.message).toBe(message);
  });

  it('suggests subjects and names, or the popular list for an empty box', async () => {
    expect((await student.get('/api/tutors/suggestions')).json.suggestions).toEqual([
      'Mathematics',
      'English',
      'Programming',
      'Physics',
      'French',
      'Music',
    ]);
    const suggestions = (await student.get('/api/tutors/suggestions?q=eng')).json
      .suggestions as string[];
    expect(suggestions).toContain('English');
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });

  it('shows a tutor profile, and 404 for an unknown id', async () => {
    const profile = await student.get(`/api/tutors/${priciest}`);
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({ id: priciest, hourlyRate: 200 });
    expect(profile.json.availability.slots.length).toBeGreaterThan(0);
    expect(profile.json.reviews.length).toBeLessThanOrEqual(3);
    const reviews = await student.get(`/api/tutors/${priciest}/reviews`);
    expect(reviews.json.reviews).toHaveLength(profile.json.totalReviews);
    expect((await student.get('/api/tutors/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await student.get('/api/tutors/not-a-uuid')).json.error.message).toBe(
      'Tutor profile not found',
    );
  });

  it('requires a signed-in user', async () => {
    expect((await fetch(`${t.url}/api/tutors`)).status).toBe(401);
  });
});
