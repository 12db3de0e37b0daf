import { z } from 'zod/mini';
import { BOOKING_MESSAGES as M } from '../messages';
import { timeZoneSchema } from '../availability/weekly-window';
import { parseLocalDate } from './local-date';
import { LESSON_MINUTES } from './slot-length';

// Field rules the booking contracts are built from. The zone rule is the availability
// editor's own (a zone Intl knows, the same test as luxon's IANAZone.isValidZone).

export { timeZoneSchema };

/** The most of the viewer's dates one slot request may span. */
export const MAX_SLOT_DAYS = 60;

export const localDateSchema = z
  .string(M.invalidDate)
  .check(z.refine((text) => parseLocalDate(text) !== null, M.invalidDate));

/** A slot label: 'HH:MM-HH:MM' on the viewer's clock, as the slot list shows it. */
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d';
export const slotLabelSchema = z
  .string(M.invalidSlotLabel)
  .check(z.regex(new RegExp(`^${TIME}-${TIME}$`), M.invalidSlotLabel));

export const lessonMinutesSchema = z.literal(LESSON_MINUTES, M.invalidLessonMinutes);
