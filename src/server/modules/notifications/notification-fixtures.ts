import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { notify } from './notify';

// Tests only: a notification written the way the app writes one, for tests whose subject is
// not the event behind it.

/** The tutor of `lessonId` moved it: its student is told. Returns the notification's id. */
export async function studentNotification(db: Kysely<DB>, studentId: string, lessonId: string) {
  await db.transaction().execute(async (trx) => {
    const lesson = await trx
      .selectFrom('lessons as l')
      .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
      .select(['tp.user_id', 'l.starts_at'])
      .where('l.id', '=', lessonId)
      .executeTakeFirstOrThrow();
    await notify(trx, {
      userId: studentId,
      kind: 'lesson_rescheduled',
      lessonId,
      actorId: lesson.user_id,
      at: new Date(lesson.starts_at.getTime() - 86_400_000),
    });
  });
  const { id } = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', studentId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return id;
}
