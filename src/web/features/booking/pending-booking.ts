import { z } from 'zod/mini';
import type { BookLessonInput } from '../../../contracts/booking.contract';
import type { StartCheckoutInput } from '../../../contracts/payments.contract';
import { MAX_BOOKING_NOTES_LENGTH } from '../../../domain/booking/booking-rules';
import { singleLessonPriceCents } from '../../../domain/booking/pricing';
import {
  lessonMinutesSchema,
  localDateSchema,
  slotLabelSchema,
  timeZoneSchema,
} from '../../../domain/scheduling/slot-schemas';
import { loadStudentsOwn, saveChecked } from '../../lib/student-storage';

// The booking the student chose in the modal, kept in the browser until the checkout (and the
// provider's hosted page, and the success or cancel page after it) is done with it: the spec's
// local storage key pendingBooking. It carries the screens across the redirect, never the truth:
// the server re-checks the slot and decides every price. It is parsed on the way in, as
// anything in storage may be stale.

const KEY = 'pendingBooking';

/** What every mode has: the tutor, the subject and the chosen slot. */
const chosenLesson = {
  /** Whose choice it is: another account signed in on this browser must not inherit it. */
  studentId: z.string(),
  tutorProfileId: z.uuid(),
  tutorName: z.string(),
  subjectId: z.int().check(z.positive()),
  subjectName: z.string(),
  /** The slot as the student chose it: their date and the slot label on their clock. */
  bookingDate: localDateSchema,
  slotLabel: slotLabelSchema,
  viewerZone: timeZoneSchema,
  /** The spec's `duration`, in minutes. */
  lessonMinutes: lessonMinutesSchema,
  /** The chosen slot in UTC: its start, and the end of the slot it holds. */
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  notes: z._default(z.string().check(z.maxLength(MAX_BOOKING_NOTES_LENGTH)), ''),
  /** In cents, as the modal showed it (the server decides what is charged); a trial is free. */
  price: z.int().check(z.nonnegative()),
  /** The price's currency, as the package list priced it (a single lesson's is the default). */
  currency: z._default(z.string().check(z.length(3)), 'USD'),
};

export const pendingBookingSchema = z.discriminatedUnion('bookingMode', [
  z.object({ ...chosenLesson, bookingMode: z.literal('trial'), isTrial: z.literal(true) }),
  z.object({ ...chosenLesson, bookingMode: z.literal('single'), isTrial: z.literal(false) }),
  z.object({
    ...chosenLesson,
    bookingMode: z.literal('package'),
    isTrial: z.literal(false),
    /** 'platform_<n>' or the tutor package's id; the chosen slot is its first lesson. */
    packageId: z.string().check(z.minLength(1)),
    packageName: z.string(),
    packageLessons: z.int().check(z.positive()),
    isPlatformPackage: z.boolean(),
  }),
]);
export type PendingBooking = z.output<typeof pendingBookingSchema>;
export type PaidBooking = Exclude<PendingBooking, { bookingMode: 'trial' }>;

export function savePendingBooking(booking: PendingBooking): void {
  saveChecked(KEY, pendingBookingSchema, booking);
}

/** The saved booking of this student, or null when there is none (or it is unreadable). */
export function loadPendingBooking(studentId: string): PendingBooking | null {
  return loadStudentsOwn(KEY, pendingBookingSchema, studentId, fromEarlierShape);
}

/**
 * A booking saved by an earlier release (only trials then) holds its mode as `mode` and may hold
 * its slot label as `slotTime`: read them as today's fields, so a student who was mid-booking
 * during a deploy keeps their choice.
 */
function fromEarlierShape(saved: unknown): unknown {
  if (typeof saved !== 'object' || saved === null || 'bookingMode' in saved) return saved;
  const { mode, slotTime, ...rest } = saved as Record<string, unknown>;
  if (mode !== 'trial') return saved;
  return {
    ...rest,
    ...('slotLabel' in rest ? {} : { slotLabel: slotTime }),
    bookingMode: mode,
    isTrial: true,
  };
}

export function clearPendingBooking(): void {
  localStorage.removeItem(KEY);
}

/** The same choice as a single lesson at the tutor's hourly rate (a used trial's offer). */
export function asSingleLesson(booking: PendingBooking, hourlyRateCents: number): PaidBooking {
  return {
    ...booking,
    bookingMode: 'single',
    isTrial: false,
    price: singleLessonPriceCents(hourlyRateCents, booking.lessonMinutes),
  } as PaidBooking;
}

/** What POST /api/lessons takes for a trial: the server decides the instants and the price. */
export function toBookLessonInput(booking: PendingBooking): BookLessonInput {
  const { tutorProfileId, subjectId, bookingDate, slotLabel, viewerZone, lessonMinutes } = booking;
  return {
    tutorProfileId,
    subjectId,
    mode: 'trial',
    bookingDate,
    slotLabel,
    viewerZone,
    lessonMinutes,
    notes: booking.notes,
  };
}

/** What POST /api/checkout takes: the same choice, plus the package for a package. */
export function toStartCheckoutInput(booking: PaidBooking): StartCheckoutInput {
  const { tutorProfileId, subjectId, bookingDate, slotLabel, viewerZone, lessonMinutes } = booking;
  const slot = {
    tutorProfileId,
    subjectId,
    bookingDate,
    slotLabel,
    viewerZone,
    lessonMinutes,
    notes: booking.notes,
  };
  return booking.bookingMode === 'package'
    ? { mode: 'package', packageId: booking.packageId, ...slot }
    : { mode: 'single', ...slot };
}

/** Navigation state the modal sends to the checkout: "a step back is the booking modal". */
export const FROM_BOOKING = { fromBooking: true } as const;
export const cameFromBooking = (state: unknown) =>
  (state as Partial<typeof FROM_BOOKING> | null)?.fromBooking === true;
