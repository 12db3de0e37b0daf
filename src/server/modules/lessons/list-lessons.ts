import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson } from '../../../contracts/booking.contract';
import { MS_PER_DAY } from '../../../domain/scheduling/local-date';
import { lessonOfParty, toLesson } from './lesson-view';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';

// What a signed-in user reads of their lessons: the coming ones, or one of them.

/** The signed-in user's lessons that have not ended, starting within `days`. */
export async function upcomingLessons(
  ctx: LessonsContext,
  user: SessionUser,
  days: number,
): Promise<Lesson[]> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + days * MS_PER_DAY);
  // One read: a tutor's lessons are found through their profile (none while completing it).
  const party = user.role === 'tutor' ? { tutorUserId: user.id } : { studentId: user.id };
  const rows = await repository.upcomingLessons(ctx.db, party, now, until);
  return rows.map((row) => toLesson(ctx, row, user.id));
}

/** One lesson, for its student or its tutor only (anyone else: not found). */
export async function lessonFor(ctx: LessonsContext, user: SessionUser, id: string) {
  return toLesson(ctx, await lessonOfParty(ctx, user, id), user.id);
}
