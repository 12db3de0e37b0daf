import { dayOfWall, MS_PER_DAY, MS_PER_MINUTE, weekdayOf } from '../scheduling/local-date';
import { wallToUtc, zoneOffsetMs, zoneTimeline } from '../scheduling/zone-timeline';
import { fromMinutes, toMinutes, type WeeklySlot } from './weekly-slot';

/** A weekly slot restated in UTC: weekday, start and end as UTC wall-clock times. */
export interface UtcWeeklySlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

const utcClock = (epochMs: number) => {
  const date = new Date(epochMs);
  return fromMinutes(date.getUTCHours() * 60 + date.getUTCMinutes());
};

/**
 * The UTC version of a local weekly slot, for the week (Sunday first) containing `on` in the
 * tutor's zone. Offsets change with daylight saving, so the UTC form depends on the week; wall
 * times convert by the rules of ADR 005 (gap: offset before the change; repeated hour: the
 * earlier instant). An end past UTC midnight reads as an end before the start.
 * Booking never relies on this form: slot generation works from the local slot and the zone.
 */
export function toUtcWeeklySlot(slot: WeeklySlot, zone: string, on: Date): UtcWeeklySlot {
  const today = dayOfWall(on.getTime() + zoneOffsetMs(zone, on.getTime()));
  const localDay = today - weekdayOf(today) + slot.dayOfWeek;
  const timeline = zoneTimeline(zone, (localDay - 1) * MS_PER_DAY, (localDay + 2) * MS_PER_DAY);
  const instant = (time: string) =>
    wallToUtc(timeline, localDay * MS_PER_DAY + toMinutes(time) * MS_PER_MINUTE);
  const start = instant(slot.startTime);
  return {
    dayOfWeek: new Date(start).getUTCDay(),
    startTime: utcClock(start),
    endTime: utcClock(instant(slot.endTime)),
  };
}
