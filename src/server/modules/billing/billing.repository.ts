import { sql, type Kysely, type Transaction } from 'kysely';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import { RECEIPT_STATUSES } from '../../../domain/payments/payment-rules';
import { paymentRows } from '../payments/payments.repository';

// Every query of Billing (the student's payments) and Earnings (the tutor's paid lessons).

type Db = Kysely<DB> | Transaction<DB>;

/** Every payment of the student, whatever its status, newest first. */
export function paymentsOf(db: Db, studentId: string) {
  return paymentRows(db)
    .where('p.student_id', '=', studentId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/**
 * A tutor's profile as Earnings needs it: the zone months are counted in (the account's, ADR
 * 026), the currency.
 */
export function tutorOfUser(db: Db, userId: string) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['tp.id', sql<string>`coalesce(u.timezone, tp.timezone)`.as('timezone'), 'tp.currency'])
    .where('tp.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The tutor's lessons that bring (or brought) money: booked ones (not canceled, no-show, on
 * hold or lapsed) that are free trials or whose payment went through, a single lesson's or its
 * package's. A refunded payment, even partly, takes its lessons out.
 */
export function earningLessons(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('lessons as l')
    .innerJoin('users as su', 'su.id', 'l.student_id')
    .innerJoin('subjects as s', 's.id', 'l.subject_id')
    .leftJoin('payments as p', 'p.id', 'l.payment_id')
    .select([
      'l.id',
      fullName('su').as('student_name'),
      's.name as subject',
      'l.starts_at',
      'l.ends_at',
      'l.is_trial',
      'l.student_package_id',
      'l.status',
      'l.price_cents',
    ])
    .where('l.tutor_profile_id', '=', tutorProfileId)
    .where('l.status', 'in', ['scheduled', 'in_progress', 'completed'])
    .where((eb) =>
      eb.or([
        eb.and([eb('l.is_trial', '=', true), eb('l.payment_id', 'is', null)]),
        eb('p.status', '=', 'completed'),
      ]),
    )
    .orderBy('l.starts_at')
    .orderBy('l.id')
    .execute();
}
export type EarningLessonRow = Awaited<ReturnType<typeof earningLessons>>[number];

/**
 * A paid payment as its receipt shows it: the payer, what was bought (the lesson booked with it,
 * or the package) and the card; undefined when there is no such payment or it was never paid.
 */
export function receiptOf(db: Db, paymentId: string) {
  return (
    db
      .selectFrom('payments as p')
      .innerJoin('users as su', 'su.id', 'p.student_id')
      .innerJoin('tutor_profiles as tp', 'tp.id', 'p.tutor_profile_id')
      .innerJoin('users as tu', 'tu.id', 'tp.user_id')
      .leftJoin('student_packages as sp', 'sp.payment_id', 'p.id')
      // The lesson bought with a single payment (a package's lessons are its credits).
      .leftJoin('lessons as l', (join) =>
        join
          .onRef('l.payment_id', '=', 'p.id')
          .on('p.kind', '=', 'single')
          .on('l.rescheduled_from', 'is', null),
      )
      .leftJoin('subjects as s', (join) =>
        join.on((eb) => eb('s.id', '=', eb.fn.coalesce('sp.subject_id', 'l.subject_id'))),
      )
      .select([
        'p.id',
        'p.student_id',
        'p.kind',
        'p.description',
        'p.amount_cents',
        'p.currency',
        'p.completed_at',
        'p.card_brand',
        'p.card_last4',
        fullName('su').as('student_name'),
        'su.email as student_email',
        sql<string>`coalesce(su.timezone, 'UTC')`.as('time_zone'),
        fullName('tu').as('tutor_name'),
        's.name as subject',
        'l.starts_at',
        'l.ends_at',
        'l.duration_minutes',
        'sp.name as package_name',
        'sp.number_of_lessons',
        'sp.lesson_minutes',
      ])
      .where('p.id', '=', paymentId)
      .where('p.status', 'in', RECEIPT_STATUSES)
      .orderBy('l.created_at')
      .limit(1)
      .executeTakeFirst()
  );
}

/** The refunds the provider confirmed against a payment, oldest first. */
export function confirmedRefunds(db: Db, paymentId: string) {
  return db
    .selectFrom('payment_refunds')
    .select(['amount_cents', 'refunded_at'])
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .orderBy('refunded_at')
    .orderBy('id')
    .execute();
}
