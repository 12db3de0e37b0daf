import { z } from 'zod';
import { bookLessonSchema, type BookLessonInput } from '../../../contracts/booking.contract';

// The booking the student chose in the modal, kept in the browser until checkout confirms it
// (local storage key pendingBooking). The booking modal writes it,
// the checkout reads it back; it is parsed on the way in, as anything in storage may be stale.

const KEY = 'pendingBooking';

const pendingBookingSchema = bookLessonSchema.extend({
  /** Whose choice it is: another account signed in on this browser must not inherit it. */
  studentId: z.string(),
  tutorName: z.string(),
  subjectName: z.string(),
  /** The chosen slot in UTC: its start, and the end of the slot it holds. */
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  /** In cents; a trial is free. */
  price: z.number().int().nonnegative(),
});
export type PendingBooking = z.output<typeof pendingBookingSchema>;

export function savePendingBooking(booking: PendingBooking): void {
  localStorage.setItem(KEY, JSON.stringify(pendingBookingSchema.parse(booking)));
}

/** The saved booking of this student, or null when there is none (or it is unreadable). */
export function loadPendingBooking(studentId: string): PendingBooking | null {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = pendingBookingSchema.safeParse(withSlotLabel(saved));
  return parsed.success && parsed.data.studentId === studentId ? parsed.data : null;
}

/**
 * A booking saved before the field was renamed holds its slot label as `slotTime`: read it as
 * `slotLabel`, so a student who was mid-booking during a deploy keeps their choice.
 */
function withSlotLabel(saved: unknown): unknown {
  if (typeof saved !== 'object' || saved === null || 'slotLabel' in saved) return saved;
  const { slotTime, ...rest } = saved as { slotTime?: unknown };
  return slotTime === undefined ? saved : { ...rest, slotLabel: slotTime };
}

export function clearPendingBooking(): void {
  localStorage.removeItem(KEY);
}

/** What POST /api/lessons takes: the server decides the instants and the price itself. */
export function toBookLessonInput(booking: PendingBooking): BookLessonInput {
  const { tutorProfileId, subjectId, mode, bookingDate, slotLabel, viewerZone, lessonMinutes } =
    booking;
  return {
    tutorProfileId,
    subjectId,
    mode,
    bookingDate,
    slotLabel,
    viewerZone,
    lessonMinutes,
    notes: booking.notes,
  };
}

/** Navigation state the modal sends to the checkout: "a step back is the booking modal". */
export const FROM_BOOKING = { fromBooking: true } as const;
export const cameFromBooking = (state: unknown) =>
  (state as Partial<typeof FROM_BOOKING> | null)?.fromBooking === true;
