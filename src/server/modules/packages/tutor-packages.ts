import type { z } from 'zod';
import type { TutorPackage, tutorPackageSchema } from '../../../contracts/packages.contract';
import {
  API_MESSAGES,
  BOOKING_MESSAGES as M,
  PAYMENT_MESSAGES as P,
} from '../../../domain/messages';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import type { LessonsContext } from '../lessons/lessons-context';
import * as lessons from '../lessons/lessons.repository';
import * as repository from './packages.repository';

// A tutor's own packages (spec 3: lesson_packages): the tutor creates, edits and retires them;
// nobody else sees them here. A bought package keeps the terms it was bought with (the student's
// copy), so an edit changes the offer for new buyers only.

type PackageInput = z.output<typeof tutorPackageSchema>;

function toTutorPackage(row: repository.TutorPackageRow): TutorPackage {
  return {
    id: row.id,
    name: row.name,
    subjectId: row.subject_id,
    numberOfLessons: row.number_of_lessons,
    discountPercentage: row.discount_percentage,
    validityDays: row.validity_days,
    description: row.description,
    isActive: row.is_active,
    timesBought: row.times_bought ?? 0,
  };
}

const notFound = () => new AppError('NOT_FOUND', P.packageNotFound);

async function profileIdOf(ctx: LessonsContext, userId: string) {
  const id = await lessons.tutorProfileIdOf(ctx.db, userId);
  if (!id) throw new AppError('NOT_FOUND', API_MESSAGES.tutorProfileMissing);
  return id;
}

/** A package for one subject must be for a subject the tutor teaches. */
async function checkSubject(ctx: LessonsContext, tutorProfileId: string, input: PackageInput) {
  if (input.subjectId !== null && !(await lessons.teaches(ctx.db, tutorProfileId, input.subjectId)))
    throw new AppError('VALIDATION_FAILED', M.notATutorSubject, { subjectId: M.notATutorSubject });
}

async function packageOf(ctx: LessonsContext, tutorProfileId: string, id: string) {
  const row = await repository.tutorPackageOf(ctx.db, tutorProfileId, id);
  if (!row) throw notFound();
  return toTutorPackage(row);
}

/** The tutor's packages, retired ones too, by number of lessons; none before the profile exists. */
export async function listTutorPackages(ctx: LessonsContext, userId: string) {
  const tutorProfileId = await lessons.tutorProfileIdOf(ctx.db, userId);
  if (!tutorProfileId) return [];
  const rows = await repository.tutorPackagesOf(ctx.db, tutorProfileId);
  return rows.map(toTutorPackage);
}

export async function createTutorPackage(ctx: LessonsContext, userId: string, input: PackageInput) {
  const tutorProfileId = await profileIdOf(ctx, userId);
  await checkSubject(ctx, tutorProfileId, input);
  const id = await repository.insertTutorPackage(ctx.db, tutorProfileId, input, ctx.clock.now());
  return packageOf(ctx, tutorProfileId, id);
}

/** Another tutor's package, or no package of that id, is not found. */
export async function updateTutorPackage(
  ctx: LessonsContext,
  userId: string,
  id: string,
  change: PackageInput | { isActive: boolean },
) {
  const tutorProfileId = await profileIdOf(ctx, userId);
  if (!isUuid(id)) throw notFound();
  await packageOf(ctx, tutorProfileId, id);
  if (!('isActive' in change)) await checkSubject(ctx, tutorProfileId, change);
  await repository.updateTutorPackage(ctx.db, tutorProfileId, id, change, ctx.clock.now());
  return packageOf(ctx, tutorProfileId, id);
}
