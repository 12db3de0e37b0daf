import type { Kysely, Transaction } from 'kysely';
import type { MoveAnswer } from '../../../domain/booking/move-requests';
import { translatingConstraints } from '../../db/constraint-errors';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';

// The queries of a tutor's move requests (migration 031-a, ADR 032). The lesson itself is moved
// by lesson-lifecycle; here only the request rows are written.

type Db = Kysely<DB> | Transaction<DB>;

/** A lesson's request still waiting (answer null), locked for its answer; none when there is none. */
export function lockOpenRequest(trx: Transaction<DB>, lessonId: string) {
  return trx
    .selectFrom('lesson_move_requests')
    .selectAll()
    .where('lesson_id', '=', lessonId)
    .where('answer', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Stores a request; a second waiting one for the lesson is refused by the one-open index. */
export async function insertRequest(
  trx: Transaction<DB>,
  request: {
    lessonId: string;
    proposedBy: string;
    startsAt: Date;
    endsAt: Date;
    choice: { bookingDate: string; slotLabel: string; viewerZone: string };
    reason: string;
    now: Date;
  },
) {
  const insert = trx
    .insertInto('lesson_move_requests')
    .values({
      lesson_id: request.lessonId,
      proposed_by: request.proposedBy,
      starts_at: request.startsAt,
      ends_at: request.endsAt,
      booking_date: request.choice.bookingDate,
      slot_label: request.choice.slotLabel,
      viewer_zone: request.choice.viewerZone,
      reason: request.reason,
      created_at: request.now,
    })
    .returning('id');
  const row = await translatingConstraints(() => insert.executeTakeFirstOrThrow(), {
    lesson_move_requests_one_open: () => new AppError('MOVE_REQUEST_OPEN', R.alreadyOpen),
  });
  return row.id;
}

/** Closes a waiting request with its answer (and, accepted, the lesson it became). */
export async function answerRequest(
  db: Db,
  id: string,
  answer: { answer: MoveAnswer; now: Date; movedTo?: string },
) {
  await db
    .updateTable('lesson_move_requests')
    .set({ answer: answer.answer, answered_at: answer.now, moved_to: answer.movedTo ?? null })
    .where('id', '=', id)
    .where('answer', 'is', null)
    .execute();
}

/** What a request's email needs: the lesson it is about (the new one once accepted), the times. */
export function requestFacts(db: Db, id: string) {
  return db
    .selectFrom('lesson_move_requests as mr')
    .innerJoin('lessons as l', 'l.id', 'mr.lesson_id')
    .select([
      'mr.lesson_id',
      'mr.moved_to',
      'mr.starts_at',
      'mr.reason',
      'mr.answer',
      'l.starts_at as lesson_starts_at',
    ])
    .where('mr.id', '=', id)
    .executeTakeFirst();
}
