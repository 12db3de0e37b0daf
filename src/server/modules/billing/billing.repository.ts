import { sql, type Kysely, type Transaction } from 'kysely';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
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
