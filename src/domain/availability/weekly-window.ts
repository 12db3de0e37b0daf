import { z } from 'zod/mini';
import { TUTOR_PROFILE_MESSAGES as M } from '../messages';

// A weekly availability window in the tutor's own wall-clock time: one weekday (0-6, Sunday
// first), 'HH:MM' start and end, '24:00' allowed as the end of the day.

export interface WeeklyWindow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export const MINUTES_PER_DAY = 24 * 60;
export const MAX_WEEKLY_HOURS = 126;
export const MERGE_TOLERANCE_MINUTES = 30;

const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

const timeOfDaySchema = z.string().check(z.regex(TIME, M.eventsInvalid));

/** 'HH:MM' -> minutes after midnight ('24:00' -> 1440). */
export function toMinutes(time: string): number {
  if (time === '24:00') return MINUTES_PER_DAY;
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** Minutes after midnight -> 'HH:MM' (1440 -> '24:00'). */
export function fromMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Zones found valid so far: building a DateTimeFormat to ask is costly (1–2 % of a booking's
 * CPU in bench:booking's profile, from its emails). Only valid ones are kept, so the set stays
 * as small as the zone database.
 */
const validZones = new Set<string>();

export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  validZones.add(zone);
  return true;
}

export const timeZoneSchema = z
  .string(M.timezoneNotString)
  .check(z.minLength(1, M.timezoneRequired), z.refine(isValidTimeZone, M.timezoneInvalid));

export const weeklyWindowSchema = z
  .object({
    dayOfWeek: z.int(M.eventsInvalid).check(z.gte(0, M.eventsInvalid), z.lte(6, M.eventsInvalid)),
    startTime: timeOfDaySchema,
    endTime: timeOfDaySchema,
  })
  .check(
    z.refine((window) => toMinutes(window.endTime) > toMinutes(window.startTime), {
      message: M.endAfterStart,
      path: ['endTime'],
    }),
  );
