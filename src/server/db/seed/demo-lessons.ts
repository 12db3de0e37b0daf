import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../types';
import { reviewComments } from './demo-pool';

// A demo tutor's teaching history: completed lessons with demo students over past months, and
// reviews written only of those lessons. The database counts lessons taught and reviews from
// these rows (its triggers), so the profile, the search card and the tutor's overview all read
// the same history (issue #29: '0 lessons taught' beside 8 reviews, every review dated today).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back demo lessons go: about eight months. */
const HISTORY_DAYS = 240;

interface Random {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  sample: <T>(items: readonly T[], count: number) => T[];
}

export interface DemoTutorForHistory {
  profileId: string;
  hourlyRateCents: number;
  subjectIds: number[];
  timezone: string;
  /** New tutors have taught nothing yet; a few have taught without being reviewed. */
  kind: 'new' | 'unreviewed' | 'reviewed';
}

export function demoHistory(
  random: Random,
  tutor: DemoTutorForHistory,
  studentIds: readonly string[],
  now: Date,
): { lessons: Insertable<DB['lessons']>[]; reviews: Insertable<DB['reviews']>[] } {
  if (tutor.kind === 'new') return { lessons: [], reviews: [] };
  const reviewers = tutor.kind === 'reviewed' ? random.int(1, 8) : 0;
  // Students who came without reviewing, besides those who did.
  const students = random.sample(studentIds, reviewers + random.int(1, 3));
  // One lesson a day at most, on days spread over the months before now; the latest is five
  // days back, so a review (at most three days after its lesson) is never of today.
  const perStudent = students.map(() => random.int(1, 3));
  const total = perStudent.reduce((sum, count) => sum + count, 0);
  const days = random.sample(
    Array.from({ length: HISTORY_DAYS }, (_, day) => day + 5),
    total,
  );
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const quality = random.next();
  const lessons: Insertable<DB['lessons']>[] = [];
  const reviews: Insertable<DB['reviews']>[] = [];
  let next = 0;
  students.forEach((studentId, index) => {
    const own: Insertable<DB['lessons']>[] = [];
    for (let count = 0; count < perStudent[index]!; count += 1) {
      const startsAt = new Date(today - days[next++]! * DAY_MS + random.int(7, 19) * HOUR_MS);
      const minutes = random.pick([50, 50, 25] as const);
      own.push({
        id: randomUUID(),
        tutor_profile_id: tutor.profileId,
        student_id: studentId,
        subject_id: random.pick(tutor.subjectIds),
        starts_at: startsAt,
        // The database sets the end from the length; given here for the row's type.
        ends_at: new Date(startsAt.getTime() + minutes * 60_000),
        duration_minutes: minutes,
        price_cents: Math.round((tutor.hourlyRateCents * minutes) / 60),
        status: 'completed',
        timezone: tutor.timezone,
        created_at: new Date(startsAt.getTime() - random.int(1, 10) * DAY_MS),
        updated_at: new Date(startsAt.getTime() + minutes * 60_000),
      });
    }
    lessons.push(...own);
    if (index >= reviewers) return;
    // The student reviews their latest lesson, a few hours to days after it ended.
    const lesson = own.reduce((latest, each) =>
      (each.starts_at as Date) > (latest.starts_at as Date) ? each : latest,
    );
    const written = new Date((lesson.updated_at as Date).getTime() + random.int(1, 72) * HOUR_MS);
    const rating = Math.max(
      1,
      Math.min(5, Math.round(3.4 + quality * 1.8 + (random.next() - 0.5))),
    );
    reviews.push({
      tutor_profile_id: tutor.profileId,
      student_id: studentId,
      lesson_id: lesson.id!,
      rating,
      comment: random.pick(reviewComments(rating)),
      created_at: written,
      updated_at: written,
    });
  });
  return { lessons, reviews };
}
