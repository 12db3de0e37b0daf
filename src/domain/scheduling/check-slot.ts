import { BOOKING_MESSAGES } from '../messages';
import { generateSlots, type SlotQuery } from './generate-slots';

export interface SlotCheckQuery extends Omit<SlotQuery, 'fromDate' | 'days'> {
  /** The viewer's local date, 'YYYY-MM-DD'. */
  bookingDate: string;
  /** 'HH:MM-HH:MM' on the viewer's clock, as a generated slot's slotLabel. */
  slotLabel: string;
}

type SlotCheckResult =
  { ok: true; startUtc: string; endUtc: string } | { ok: false; message: string };

/**
 * Whether a date and time range (viewer's zone) is a slot offered right now, and its UTC
 * instants (the old get_slot_utc_timestamp). It asks generateSlots for that one date, so a
 * check can never disagree with what was shown. When the viewer's clock repeats an hour and two
 * offered slots read the same, the earlier one is meant (ADR 005).
 */
export function checkSlot({ bookingDate, slotLabel, ...query }: SlotCheckQuery): SlotCheckResult {
  const [day] = generateSlots({ ...query, fromDate: bookingDate, days: 1 }).days;
  const slot = day?.slots.find((offered) => offered.slotLabel === slotLabel);
  return slot
    ? { ok: true, startUtc: slot.startTime, endUtc: slot.endTime }
    : { ok: false, message: BOOKING_MESSAGES.slotUnavailable };
}
