import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { notify } from '../modules/notifications/notify';

// Tests only: a notification written the way the app writes one, for tests whose subject is
// not the event behind it.

/**
 * The other party of `lessonId` moved it, a day before it starts: `userId` (one of its two
 * parties) is told. Returns the notification's id.
 */
export async function rescheduleNotification(db: Kysely<DB>, userId: string, lessonId: string) {
  await db.transaction().execute(async (trx) => {
    const lesson = await trx
      .selectFrom('lessons as l')
      .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
      .select(['tp.user_id', 'l.student_id', 'l.starts_at'])
      .where('l.id', '=', lessonId)
      .executeTakeFirstOrThrow();
    await notify(trx, {
      userId,
      kind: 'lesson_rescheduled',
      lessonId,
      actorId: userId === lesson.student_id ? lesson.user_id : lesson.student_id,
      at: new Date(lesson.starts_at.getTime() - 86_400_000),
    });
  });
  const { id } = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return id;
}
