import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { SlotsResponse } from '../../../contracts/booking.contract';
import type { slotsQuerySchema } from '../../../contracts/booking.contract';
import type { LessonsContext } from './lessons-context';
import { slotsOf } from './slot-rules';

/** The tutor's bookable slots; a student's own lessons block their time too. */
export async function availableSlots(
  ctx: LessonsContext,
  tutorProfileId: string,
  query: z.output<typeof slotsQuerySchema>,
  viewer: SessionUser,
): Promise<SlotsResponse> {
  const studentId = viewer.role === 'student' ? viewer.id : undefined;
  return slotsOf(ctx, tutorProfileId, { studentId }, query);
}
