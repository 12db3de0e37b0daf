import { z } from 'zod';
import { timeZoneSchema, weeklySlotSchema } from '../availability/weekly-slot';
import { parseLocalDate } from './local-date';
import { SCHEDULING_MESSAGES as M } from './messages';
import { DEFAULT_LESSON_MINUTES, LESSON_MINUTES } from './slot-length';
import { DEFAULT_SLOT_DAYS } from './generate-slots';

// Boundary schemas for the server and web. The weekly window and zone rules are the
// availability editor's own (HH:MM, '24:00' as an end, end after start; a zone Intl knows,
// the same test as luxon's IANAZone.isValidZone).

export { timeZoneSchema, weeklySlotSchema };

export const MAX_SLOT_DAYS = 60;

export const weeklyWindowsSchema = z.array(weeklySlotSchema);

export const localDateSchema = z
  .string(M.invalidDate)
  .refine((text) => parseLocalDate(text) !== null, M.invalidDate);

const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d';
export const slotTimeSchema = z
  .string(M.invalidSlotTime)
  .regex(new RegExp(`^${TIME}-${TIME}$`), M.invalidSlotTime);

export const lessonMinutesSchema = z.literal(LESSON_MINUTES, M.invalidLessonMinutes);

/** What a viewer asks for: the slots of a tutor over some of their own dates. */
export const slotQuerySchema = z.object({
  viewerZone: timeZoneSchema,
  fromDate: localDateSchema,
  days: z
    .number(M.invalidDays)
    .int(M.invalidDays)
    .min(1, M.invalidDays)
    .max(MAX_SLOT_DAYS, M.invalidDays)
    .default(DEFAULT_SLOT_DAYS),
  lessonMinutes: lessonMinutesSchema.default(DEFAULT_LESSON_MINUTES),
});

/** What the booking sends back to be checked: a date and 'HH:MM-HH:MM', viewer's zone. */
export const slotCheckQuerySchema = z.object({
  viewerZone: timeZoneSchema,
  bookingDate: localDateSchema,
  slotTime: slotTimeSchema,
  lessonMinutes: lessonMinutesSchema.default(DEFAULT_LESSON_MINUTES),
});
