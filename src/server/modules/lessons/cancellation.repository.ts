import type { Kysely, Transaction } from 'kysely';
import { perLessonCents } from '../../../domain/booking/packages';
import type { LessonMoneyFacts, Settlement } from '../../../domain/booking/cancellation-policy';
import type { DB } from '../../db/types';
import { lessonRows } from './lessons.repository';

// The queries of canceling a lesson and reporting a no-show: what paid for the lesson (read
// under lock in the deciding transaction), and the lesson's settlement written back.

type Db = Kysely<DB> | Transaction<DB>;
type StoredLesson = NonNullable<Awaited<ReturnType<typeof lessonMoneyRow>>>;

/** The lesson as its lists read it, with what paid for it and how it was settled. */
function lessonMoneyRow(db: Db, lessonId: string) {
  return lessonRows(db)
    .leftJoin('payments as p', 'p.id', 'l.payment_id')
    .leftJoin('student_packages as sp', 'sp.id', 'l.student_package_id')
    .select([
      'l.payment_id',
      'l.student_package_id',
      'l.canceled_by',
      'l.cancel_reason',
      'l.refund_cents',
      'l.credit_forfeited',
      'l.no_show_party',
      'l.no_show_reported_by',
      'l.no_show_reported_at',
      'l.moved_late',
      'l.canceled_at',
      'l.cancel_cause',
      // A reviewed lesson took place: nobody can report it missed.
      (eb) =>
        eb
          .exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.lesson_id', '=', 'l.id'))
          .as('reviewed'),
      'p.status as payment_status',
      'p.amount_cents',
      'p.refunded_cents',
      'p.currency as payment_currency',
      'sp.status as package_status',
      'sp.expires_at as package_expires_at',
      'sp.number_of_lessons',
    ])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
}

/**
 * The lesson and its payment, locked in that order of payments first (as fulfilment locks
 * them), so that a cancel, a no-show report or a second cancel of the same lesson queue.
 */
export async function lockLessonWithMoney(trx: Transaction<DB>, lessonId: string) {
  const first = await trx
    .selectFrom('lessons')
    .select('payment_id')
    .where('id', '=', lessonId)
    .executeTakeFirst();
  if (!first) return undefined;
  if (first.payment_id)
    await trx
      .selectFrom('payments')
      .select('id')
      .where('id', '=', first.payment_id)
      .forUpdate()
      .execute();
  await trx.selectFrom('lessons').select('id').where('id', '=', lessonId).forUpdate().execute();
  return lessonMoneyRow(trx, lessonId);
}

export const findLessonWithMoney = lessonMoneyRow;
export type LessonWithMoney = StoredLesson;

/** A paid payment can still give money back; an unpaid, expired or fully refunded one cannot. */
const REFUNDABLE_PAYMENT = ['completed', 'partially_refunded'];

/** What paid for the lesson, as the policy reads it. */
export function moneyFacts(row: StoredLesson, now: Date): LessonMoneyFacts {
  const currency = (row.payment_currency ?? row.currency).trim();
  const left =
    row.payment_status && REFUNDABLE_PAYMENT.includes(row.payment_status)
      ? Math.max(0, (row.amount_cents ?? 0) - (row.refunded_cents ?? 0))
      : 0;
  if (row.is_trial)
    return { paidWith: 'trial', refundableCents: 0, currency, packageUsable: false };
  if (row.student_package_id) {
    const usable =
      row.package_status === 'active' && !!row.package_expires_at && row.package_expires_at > now;
    // The package's money went back already (closing): nothing for a lesson of it.
    const share =
      row.package_status === 'refunded'
        ? 0
        : perLessonCents(row.amount_cents ?? 0, row.number_of_lessons ?? 1);
    return {
      paidWith: 'package',
      refundableCents: Math.min(share, left),
      currency,
      packageUsable: usable,
    };
  }
  return {
    paidWith: 'single',
    refundableCents: Math.min(row.price_cents, left),
    currency,
    packageUsable: false,
  };
}

/** The settlement a canceled or no-show lesson was given, read back from what it stored. */
export function storedSettlement(
  row: Pick<
    StoredLesson,
    'is_trial' | 'refund_cents' | 'student_package_id' | 'credit_forfeited' | 'payment_id'
  >,
): Settlement {
  if (row.is_trial) return 'nothing';
  if (row.refund_cents > 0) return 'refund';
  if (row.student_package_id) return row.credit_forfeited ? 'credit_forfeited' : 'credit_returns';
  return row.payment_id && row.credit_forfeited ? 'no_refund' : 'nothing';
}
