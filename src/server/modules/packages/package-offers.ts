import type { Kysely, Transaction } from 'kysely';
import type { PackageOffer } from '../../../contracts/packages.contract';
import { packagePriceCents, PLATFORM_PACKAGE_PREFIX } from '../../../domain/booking/packages';
import { singleLessonPriceCents } from '../../../domain/booking/pricing';
import type { DB } from '../../db/types';
import { isUuid } from '../../http/is-uuid';
import * as repository from './packages.repository';

// The packages a student can buy from a tutor (spec 3: get_packages): the platform's, then the
// tutor's own, each priced by the server from the tutor's rate for the lesson length asked.

type Db = Kysely<DB> | Transaction<DB>;

/** What pricing needs of a tutor. */
export interface OfferingTutor {
  id: string;
  hourly_rate_cents: number;
  currency: string;
}

/** A package's terms, as both tables store them. */
interface PackageTerms {
  name: string;
  number_of_lessons: number;
  discount_percentage: number;
  validity_days: number;
  description: string;
}

/** A platform package's id as the spec exposes it: 'platform_<n>'. */
const PLATFORM_ID = new RegExp(`^${PLATFORM_PACKAGE_PREFIX}([1-9][0-9]{0,8})$`);

function offerOf(
  tutor: OfferingTutor,
  lessonMinutes: number,
  row: PackageTerms,
  kind: { id: string; isPlatformPackage: boolean; subjectId: number | null },
): PackageOffer {
  const single = singleLessonPriceCents(tutor.hourly_rate_cents, lessonMinutes);
  return {
    ...kind,
    name: row.name,
    numberOfLessons: row.number_of_lessons,
    discountPercentage: row.discount_percentage,
    validityDays: row.validity_days,
    description: row.description,
    lessonMinutes,
    totalPriceCents: packagePriceCents(single, row.number_of_lessons, row.discount_percentage),
    currency: tutor.currency.trim(),
  };
}

const platformOffer = (
  tutor: OfferingTutor,
  lessonMinutes: number,
  row: PackageTerms & { id: number },
) =>
  offerOf(tutor, lessonMinutes, row, {
    id: `${PLATFORM_PACKAGE_PREFIX}${row.id}`,
    isPlatformPackage: true,
    subjectId: null,
  });

const tutorOffer = (
  tutor: OfferingTutor,
  lessonMinutes: number,
  row: PackageTerms & { id: string; subject_id: number | null },
) =>
  offerOf(tutor, lessonMinutes, row, {
    id: row.id,
    isPlatformPackage: false,
    subjectId: row.subject_id,
  });

/**
 * The active platform packages (by sort order), then the tutor's active packages for any
 * subject or the one asked (by number of lessons); all of the tutor's when no subject is asked.
 */
export async function packageOffersOf(
  db: Db,
  tutor: OfferingTutor,
  query: { subjectId?: number; lessonMinutes: number },
): Promise<PackageOffer[]> {
  const [platform, own] = await Promise.all([
    repository.activePlatformPackages(db),
    repository.activeTutorPackages(db, tutor.id, query.subjectId),
  ]);
  return [
    ...platform.map((row) => platformOffer(tutor, query.lessonMinutes, row)),
    ...own.map((row) => tutorOffer(tutor, query.lessonMinutes, row)),
  ];
}

/**
 * One package this tutor offers for the subject and lesson length, priced, with the row it
 * comes from; undefined for anything not on offer (unknown, retired, another tutor's, another
 * subject's, or an id of no known shape).
 */
export async function packageOfferById(
  db: Db,
  tutor: OfferingTutor,
  packageId: string,
  query: { subjectId: number; lessonMinutes: number },
): Promise<
  (PackageOffer & { platformPackageId: number | null; lessonPackageId: string | null }) | undefined
> {
  const platformId = PLATFORM_ID.exec(packageId)?.[1];
  if (platformId !== undefined) {
    const row = await repository.activePlatformPackage(db, Number(platformId));
    if (!row) return undefined;
    return {
      ...platformOffer(tutor, query.lessonMinutes, row),
      platformPackageId: row.id,
      lessonPackageId: null,
    };
  }
  if (!isUuid(packageId)) return undefined;
  const row = await repository.activeTutorPackage(db, tutor.id, packageId);
  if (!row || (row.subject_id !== null && row.subject_id !== query.subjectId)) return undefined;
  return {
    ...tutorOffer(tutor, query.lessonMinutes, row),
    platformPackageId: null,
    lessonPackageId: row.id,
  };
}
