import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

// Every query about packages on offer: the platform's and tutors' own. Functions take the
// database or the open transaction first.

type Db = Kysely<DB> | Transaction<DB>;

const PACKAGE_COLUMNS = [
  'name',
  'number_of_lessons',
  'discount_percentage',
  'validity_days',
  'description',
] as const;

/** The platform's active packages, in their display order (spec 3: by sort_order). */
export function activePlatformPackages(db: Db) {
  return db
    .selectFrom('platform_packages')
    .select(['id', ...PACKAGE_COLUMNS])
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function activePlatformPackage(db: Db, id: number) {
  return db
    .selectFrom('platform_packages')
    .select(['id', ...PACKAGE_COLUMNS])
    .where('id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/**
 * A tutor's active packages for a subject (those for any subject, and those for this one), or
 * all of them when no subject is asked; by number of lessons (spec 3).
 */
export function activeTutorPackages(db: Db, tutorProfileId: string, subjectId?: number) {
  let query = db
    .selectFrom('lesson_packages')
    .select(['id', 'subject_id', ...PACKAGE_COLUMNS])
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('is_active', '=', true);
  if (subjectId !== undefined)
    query = query.where((eb) =>
      eb.or([eb('subject_id', 'is', null), eb('subject_id', '=', subjectId)]),
    );
  return query.orderBy('number_of_lessons').orderBy('created_at').orderBy('id').execute();
}

export function activeTutorPackage(db: Db, tutorProfileId: string, id: string) {
  return db
    .selectFrom('lesson_packages')
    .select(['id', 'subject_id', ...PACKAGE_COLUMNS])
    .where('id', '=', id)
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** A tutor's own packages as they edit them, with how many students bought each. */
function tutorPackageRows(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('lesson_packages as lp')
    .select((eb) => [
      'lp.id',
      'lp.subject_id',
      'lp.name',
      'lp.number_of_lessons',
      'lp.discount_percentage',
      'lp.validity_days',
      'lp.description',
      'lp.is_active',
      eb
        .selectFrom('student_packages as sp')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('sp.lesson_package_id', '=', 'lp.id')
        // Bought means paid for: a checkout left open or abandoned is not a sale.
        .where('sp.status', 'in', ['active', 'expired'])
        .as('times_bought'),
    ])
    .where('lp.tutor_profile_id', '=', tutorProfileId);
}
export type TutorPackageRow = Awaited<
  ReturnType<ReturnType<typeof tutorPackageRows>['execute']>
>[number];

export function tutorPackagesOf(db: Db, tutorProfileId: string) {
  return tutorPackageRows(db, tutorProfileId)
    .orderBy('lp.number_of_lessons')
    .orderBy('lp.created_at')
    .orderBy('lp.id')
    .execute();
}

export function tutorPackageOf(db: Db, tutorProfileId: string, id: string) {
  return tutorPackageRows(db, tutorProfileId).where('lp.id', '=', id).executeTakeFirst();
}

export interface TutorPackageValues {
  name: string;
  subjectId: number | null;
  numberOfLessons: number;
  discountPercentage: number;
  validityDays: number;
  description: string;
}

const columnsOf = (values: TutorPackageValues) => ({
  name: values.name,
  subject_id: values.subjectId,
  number_of_lessons: values.numberOfLessons,
  discount_percentage: values.discountPercentage,
  validity_days: values.validityDays,
  description: values.description,
});

export async function insertTutorPackage(
  db: Db,
  tutorProfileId: string,
  values: TutorPackageValues,
  now: Date,
) {
  const row = await db
    .insertInto('lesson_packages')
    .values({
      tutor_profile_id: tutorProfileId,
      ...columnsOf(values),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes one of the tutor's packages (another tutor's stays as it is). */
export async function updateTutorPackage(
  db: Db,
  tutorProfileId: string,
  id: string,
  changes: TutorPackageValues | { isActive: boolean },
  now: Date,
) {
  const columns = 'isActive' in changes ? { is_active: changes.isActive } : columnsOf(changes);
  await db
    .updateTable('lesson_packages')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .where('tutor_profile_id', '=', tutorProfileId)
    .execute();
}
