import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { CREDIT_RETURNING_STATUSES } from '../../../domain/booking/packages';
import type { DB } from '../../db/types';

// Which lessons use up a package's credit: a rule about lesson statuses, so it lives with the
// lessons. Packages (what is left to book), account closing (what is refunded) and the booking
// email (credits left) ask it here; the lessons module never imports packages (issue 24:
// one-way module dependencies).

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Whether a lesson (aliased `l`) uses up its package credit: all but the canceled, expired and
 * no-show ones, unless their credit was forfeited (a canceled or moved-away lesson gives its
 * credit back; a move books a new lesson on the same package, which takes it again).
 */
export const usesCredit = sql<boolean>`(l.status not in (${sql.join(
  CREDIT_RETURNING_STATUSES.map((status) => sql.lit(status)),
)}) or l.credit_forfeited)`;

/** How many of a package's lessons use up a credit. */
export const lessonsUsed = (eb: ExpressionBuilder<DB, 'student_packages'>) =>
  eb
    .selectFrom('lessons as l')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('l.student_package_id', '=', 'student_packages.id')
    .where(usesCredit);

/** A bought package's name and credits, as the booking email tells them. */
export function packageCredits(db: Db, studentPackageId: string) {
  return db
    .selectFrom('student_packages')
    .select((eb) => [
      'student_packages.name',
      'student_packages.number_of_lessons',
      lessonsUsed(eb).as('lessons_used'),
    ])
    .where('student_packages.id', '=', studentPackageId)
    .executeTakeFirst();
}
