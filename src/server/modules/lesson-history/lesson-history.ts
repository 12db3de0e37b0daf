import type { SessionUser } from '../../../contracts/auth.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type { getMyStudents, getPastLessons } from '../../../contracts/lesson-history.contract';
import { pageWindow } from '../../../domain/paging';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import { toLesson } from '../lessons/lesson-view';
import type { LessonsContext } from '../lessons/lessons-context';
import { tutorProfileIdOf } from '../lessons/lessons.repository';
import * as repository from './lesson-history.repository';

// My Lessons and My Students: what a user's lessons were, a page at a time.

export const HISTORY_PAGE_SIZE = 10;

/** The page asked for, moved back to the last one when it lies past it (an empty list: page 1). */
function pageOf(requested: number, total: number) {
  const { page, totalPages, rows } = pageWindow(requested, total, HISTORY_PAGE_SIZE);
  return { paging: { page, totalPages, total }, rows };
}

const NOTHING = pageOf(1, 0).paging;

/** The signed-in user's lessons that ended or were canceled, newest first. */
export async function pastLessonsOf(
  ctx: LessonsContext,
  user: SessionUser,
  requestedPage: number,
): Promise<EndpointOutput<typeof getPastLessons>> {
  const now = ctx.clock.now();
  let party: repository.Party = { studentId: user.id };
  if (user.role === 'tutor') {
    const tutorProfileId = await tutorProfileIdOf(ctx.db, user.id);
    // A tutor still completing the profile has had no lessons.
    if (!tutorProfileId) return { lessons: [], ...NOTHING };
    party = { tutorProfileId };
  }
  const { paging, rows } = pageOf(
    requestedPage,
    await repository.countPastLessons(ctx.db, party, now),
  );
  const lessons = await repository.pastLessonsPage(ctx.db, party, now, rows);
  return { lessons: lessons.map((row) => toLesson(ctx, row, user.id)), ...paging };
}

/** The students the signed-in tutor has booked lessons with. */
export async function studentsOf(
  ctx: LessonsContext,
  userId: string,
  { page: requestedPage, q }: { page: number; q: string },
): Promise<EndpointOutput<typeof getMyStudents>> {
  const tutorProfileId = await tutorProfileIdOf(ctx.db, userId);
  if (!tutorProfileId) return { students: [], ...NOTHING };
  const now = ctx.clock.now();
  const { paging, rows } = pageOf(
    requestedPage,
    await repository.countStudents(ctx.db, tutorProfileId, q),
  );
  const students = await repository.studentsPage(ctx.db, tutorProfileId, q, now, rows);
  const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
  return {
    students: students.map((row) => ({
      id: row.id,
      name: row.name,
      avatarUrl: avatarUrlOf(ctx.signingSecret, row.avatar_url, now),
      lessonsCount: Number(row.lessons_count),
      nextLessonAt: iso(row.next_lesson_at),
      lastLessonAt: iso(row.last_lesson_at),
    })),
    ...paging,
  };
}
