import { BOOKING_MESSAGES } from '../messages';
import { formatMoney } from '../money';

// Lesson prices in integer cents: hourly rate x hours, to the cent.

/** The spec's fallback when a tutor's hourly rate is not found: 9 (USD). */
export const DEFAULT_HOURLY_RATE_CENTS = 900;

const MINUTES_PER_HOUR = 60;

/**
 * A single lesson's price: hourly rate x lesson hours, rounded half away from zero to the cent.
 * Integer arithmetic (rate x minutes is exact), so 0.5 cent never falls the wrong way.
 */
export function singleLessonPriceCents(
  hourlyRateCents: number | null | undefined,
  lessonMinutes: number,
): number {
  const centMinutes = (hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS) * lessonMinutes;
  const cents = Math.floor((2 * Math.abs(centMinutes) + MINUTES_PER_HOUR) / (2 * MINUTES_PER_HOUR));
  return centMinutes < 0 ? -cents : cents;
}

/** 'Free' for nothing to pay, else the amount as the spec formats money (en-US). */
export function formatPrice(cents: number, currency = 'USD'): string {
  return cents === 0 ? BOOKING_MESSAGES.free : formatMoney(cents, currency);
}
