import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutorReviewsPage } from '../../modules/reviews/reviews.repository';
import { startTestApp, type TestApp } from '../../test/test-app';
import { DEMO_EMAIL_DOMAIN, seedDemoTutors } from './demo-tutors';

// Issue #29: the demo marketplace tells one story — every review is of a completed lesson of
// that tutor with that student, the counters agree, dates spread over months, names unique.

const NOW = new Date('2026-03-15T12:00:00Z');
const DAY_MS = 86_400_000;

describe('the demo marketplace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoTutors(t.database.db, { count: 80, seed: 5, now: NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has every review written of a completed lesson of that tutor with that student', async () => {
    const reviews = await t.database.db
      .selectFrom('reviews as r')
      .leftJoin('lessons as l', 'l.id', 'r.lesson_id')
      .select(['r.id', 'r.created_at', 'l.status', 'l.ends_at'])
      .select((eb) => [
        eb('l.tutor_profile_id', '=', eb.ref('r.tutor_profile_id')).as('same_tutor'),
        eb('l.student_id', '=', eb.ref('r.student_id')).as('same_student'),
      ])
      .execute();
    expect(reviews.length).toBeGreaterThan(100);
    for (const review of reviews) {
      expect(review).toMatchObject({ status: 'completed', same_tutor: true, same_student: true });
      expect(review.created_at.getTime()).toBeGreaterThan(review.ends_at!.getTime());
      expect(review.created_at.getTime()).toBeLessThan(NOW.getTime());
    }
    const times = reviews.map((review) => review.created_at.getTime());
    // Spread over months, none of today.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(120 * DAY_MS);
    expect(times.every((time) => time < NOW.getTime() - DAY_MS)).toBe(true);
  });

  it('counts on the profile, the search card and the overview the same lessons and reviews', async () => {
    const db = t.database.db;
    const profiles = await db
      .selectFrom('tutor_profiles as tp')
      .select(['tp.id', 'tp.lessons_taught', 'tp.review_count', 'tp.approval_status'])
      .select((eb) => [
        eb
          .selectFrom('lessons as l')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('l.tutor_profile_id', '=', 'tp.id')
          .where('l.status', '=', 'completed')
          .as('completed'),
        eb
          .selectFrom('tutor_search as s')
          .select('s.review_count')
          .whereRef('s.tutor_profile_id', '=', 'tp.id')
          .as('card_reviews'),
      ])
      .execute();
    expect(profiles).toHaveLength(80);
    for (const profile of profiles) {
      expect(profile.lessons_taught).toBe(profile.completed);
      expect(profile.lessons_taught).toBeGreaterThanOrEqual(profile.review_count);
      if (profile.card_reviews !== null) expect(profile.card_reviews).toBe(profile.review_count);
      // The tutor's overview lists the reviews of lessons: the same number.
      const overview = await tutorReviewsPage(db, profile.id, { limit: 1, offset: 0 });
      expect(overview.total).toBe(profile.review_count);
      if (profile.approval_status !== 'approved') expect(profile.lessons_taught).toBe(0);
    }
    const kinds = profiles.filter((p) => p.approval_status === 'approved');
    expect(kinds.some((p) => p.lessons_taught === 0)).toBe(true);
    expect(kinds.some((p) => p.review_count >= 5)).toBe(true);
  });

  it('gives every demo person their own name, the same ones for the same seed', async () => {
    const db = t.database.db;
    const people = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
      .execute();
    const names = people.map((person) => `${person.first_name} ${person.last_name}`);
    expect(new Set(names).size).toBe(names.length);

    // A second marketplace from the same seed: the same people in the same order.
    await seedDemoTutors(db, { count: 80, seed: 5, now: NOW });
    const runs = new Map<string, string[]>();
    const tutors = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('email', 'like', `tutor-%@${DEMO_EMAIL_DOMAIN}`)
      .execute();
    for (const tutor of tutors) {
      const [, run, index] = /^tutor-(\w+)-(\d+)@/.exec(tutor.email)!;
      const list = runs.get(run!) ?? [];
      list[Number(index)] = `${tutor.first_name} ${tutor.last_name}`;
      runs.set(run!, list);
    }
    const [first, second] = [...runs.values()];
    expect(first).toHaveLength(80);
    expect(second).toEqual(first);
  });
});
