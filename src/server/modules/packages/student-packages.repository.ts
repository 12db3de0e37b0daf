import type { Kysely, Transaction } from 'kysely';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import { lessonsUsed } from '../lessons/package-credits.repository';

// Every query about the packages students bought. Functions take the database or the open
// transaction first.

type Db = Kysely<DB> | Transaction<DB>;

/** Bought packages with their tutor's and subject's names and the credits used. */
function studentPackageRows(db: Db) {
  return db
    .selectFrom('student_packages')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'student_packages.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .innerJoin('subjects as s', 's.id', 'student_packages.subject_id')
    .select((eb) => [
      'student_packages.id',
      'student_packages.name',
      'student_packages.tutor_profile_id',
      fullName('tu').as('tutor_name'),
      'student_packages.subject_id',
      's.name as subject',
      'student_packages.lesson_minutes',
      'student_packages.number_of_lessons',
      'student_packages.status',
      'student_packages.expires_at',
      lessonsUsed(eb).as('lessons_used'),
    ]);
}
export type StudentPackageRow = Awaited<
  ReturnType<ReturnType<typeof studentPackageRows>['execute']>
>[number];

/**
 * A student's packages that were paid for (a checkout still open or abandoned shows as its
 * payment instead), newest first; only those with one tutor when given, soonest expiry first.
 */
export function paidPackagesOf(db: Db, studentId: string, tutorProfileId?: string) {
  const query = studentPackageRows(db)
    .where('student_packages.student_id', '=', studentId)
    .where('student_packages.status', '<>', 'awaiting_payment');
  return tutorProfileId === undefined
    ? query
        .orderBy('student_packages.created_at', 'desc')
        .orderBy('student_packages.id', 'desc')
        .execute()
    : query
        .where('student_packages.tutor_profile_id', '=', tutorProfileId)
        .orderBy('student_packages.expires_at')
        .orderBy('student_packages.id')
        .execute();
}

export function findStudentPackage(db: Db, id: string) {
  return studentPackageRows(db).where('student_packages.id', '=', id).executeTakeFirst();
}

/**
 * A bought package as stored, with its credits used and what was paid for it, locked until the
 * transaction ends: two schedules from one package queue here, so the second counts the first's
 * lesson and credits are never overspent.
 */
export async function lockStudentPackage(trx: Transaction<DB>, id: string) {
  const locked = await trx
    .selectFrom('student_packages')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return undefined;
  // Read after the lock: under READ COMMITTED this sees every lesson committed before it.
  const { used, amount_cents, currency } = await trx
    .selectFrom('student_packages')
    .innerJoin('payments as p', 'p.id', 'student_packages.payment_id')
    .select((eb) => [lessonsUsed(eb).as('used'), 'p.amount_cents', 'p.currency'])
    .where('student_packages.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...locked, lessonsUsed: used ?? 0, paidCents: amount_cents, currency };
}
