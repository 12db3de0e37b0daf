import { sql, type Kysely, type Transaction } from 'kysely';
import { AHEAD_STATUSES } from '../../../domain/booking/lesson-transitions';
import type { DB } from '../../db/types';
import { lessonRows } from '../lessons/lessons.repository';
import { usesCredit } from '../lessons/package-credits.repository';

// What closing an account touches: the closer's future lessons, the money to give back for them
// and for unused package credits, and the user row itself.

type Db = Kysely<DB> | Transaction<DB>;

/** Whose lessons and packages: a student's own, or every student's with a tutor's profile. */
export type Party = { role: 'student'; userId: string } | { role: 'tutor'; tutorProfileId: string };

/** Lessons that have not started yet and still hold their time. */
const STILL_AHEAD = AHEAD_STATUSES;

export function futureLessons(db: Db, party: Party, now: Date) {
  // The lesson as its lists read it, plus whom to mail and on which clock.
  const query = lessonRows(db)
    .select([
      'tu.email as tutor_email',
      sql<string>`coalesce(tu.timezone, tp.timezone)`.as('tutor_timezone'),
      'su.email as student_email',
      sql<string>`coalesce(su.timezone, l.timezone)`.as('student_timezone'),
    ])
    .where('l.starts_at', '>', now)
    .where('l.status', 'in', STILL_AHEAD)
    .orderBy('l.starts_at');
  return party.role === 'student'
    ? query.where('l.student_id', '=', party.userId).execute()
    : query.where('l.tutor_profile_id', '=', party.tutorProfileId).execute();
}
export type FutureLesson = Awaited<ReturnType<typeof futureLessons>>[number];

/**
 * Money to give back when the party's future lessons are canceled: a single lesson's payment
 * in full, and a package's price for each credit not used by a lesson that stays (a lesson
 * already given, or one under way). Packages past their validity have no credits left.
 */
export async function refundsOwed(db: Db, party: Party, now: Date) {
  const ownLesson =
    party.role === 'student'
      ? sql<boolean>`l.student_id = ${party.userId}`
      : sql<boolean>`l.tutor_profile_id = ${party.tutorProfileId}`;
  const singles = await db
    .selectFrom('payments as p')
    .select(['p.id as payment_id', 'p.amount_cents', 'p.refunded_cents', 'p.currency'])
    .where('p.kind', '=', 'single')
    .where('p.status', '=', 'completed')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lessons as l')
          .select('l.id')
          .whereRef('l.payment_id', '=', 'p.id')
          .where('l.starts_at', '>', now)
          .where('l.status', 'in', STILL_AHEAD)
          .where(ownLesson),
      ),
    )
    .execute();
  let packages = db
    .selectFrom('student_packages as sp')
    .innerJoin('payments as p', 'p.id', 'sp.payment_id')
    .select((eb) => [
      'p.id as payment_id',
      'p.amount_cents',
      'p.refunded_cents',
      'p.currency',
      'sp.number_of_lessons',
      eb
        .selectFrom('lessons as l')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('l.student_package_id', '=', 'sp.id')
        .where(usesCredit)
        .where((lesson) =>
          lesson.or([lesson('l.starts_at', '<=', now), lesson('l.status', 'not in', STILL_AHEAD)]),
        )
        .as('kept'),
    ])
    .where('sp.status', '=', 'active')
    .where('sp.expires_at', '>', now)
    .where('p.status', '=', 'completed');
  packages =
    party.role === 'student'
      ? packages.where('sp.student_id', '=', party.userId)
      : packages.where('sp.tutor_profile_id', '=', party.tutorProfileId);
  const bought = (await packages.execute()).map((row) => {
    const unused = Math.max(0, row.number_of_lessons - (row.kept ?? 0));
    const owed = Math.floor((row.amount_cents * unused) / row.number_of_lessons);
    return { ...row, unused, cents: Math.max(0, owed - row.refunded_cents) };
  });
  return [
    ...singles.map((row) => ({
      paymentId: row.payment_id,
      amountCents: row.amount_cents - row.refunded_cents,
      currency: row.currency.trim(),
      unusedCredits: 0,
    })),
    ...bought.map((row) => ({
      paymentId: row.payment_id,
      amountCents: row.cents,
      currency: row.currency.trim(),
      unusedCredits: row.unused,
    })),
  ].filter((refund) => refund.amountCents > 0 || refund.unusedCredits > 0);
}
export type RefundOwed = Awaited<ReturnType<typeof refundsOwed>>[number];

/** Locks the user row of an account still open (undefined when already closed). */
export function lockOpenAccount(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Anonymises the user row (payments and the other side's past lessons keep pointing at it) and
 * removes how anyone could sign in as it; a tutor's weekly availability goes, so no one books.
 */
export async function anonymise(trx: Transaction<DB>, userId: string, now: Date) {
  await trx
    .updateTable('users')
    .set({
      email: `closed-${userId}@closed.invalid`,
      first_name: 'Deleted',
      last_name: 'Account',
      full_name: 'Deleted Account',
      avatar_url: null,
      is_email_verified: false,
      has_password: false,
      closed_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('accounts').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('availability_slots')
    .where('tutor_profile_id', 'in', (eb) =>
      eb.selectFrom('tutor_profiles').select('id').where('user_id', '=', userId),
    )
    .execute();
  await trx
    .updateTable('tutor_profiles')
    .set({ avatar_path: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Whether the user signs in with a password (closing asks for it then); undefined: no such user. */
export function passwordState(db: Db, userId: string) {
  return db.selectFrom('users').select('has_password').where('id', '=', userId).executeTakeFirst();
}
