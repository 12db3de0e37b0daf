import { isValidTimeZone } from './weekly-window';

/** The zones most tutors pick, listed first in the timezone selector. */
export const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Africa/Cairo',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

/**
 * The selector's choices: the common zones, then every other zone the runtime knows in
 * alphabetical order; a saved zone the runtime lists under another name is kept too.
 */
export function timeZoneChoices(
  allZones: readonly string[],
  selected?: string | null,
): { common: string[]; others: string[] } {
  const common = COMMON_TIME_ZONES.filter(isValidTimeZone);
  const others = [...new Set(allZones)]
    .filter((zone) => !common.includes(zone as (typeof COMMON_TIME_ZONES)[number]))
    .sort();
  if (selected && isValidTimeZone(selected) && !common.includes(selected as never)) {
    if (!others.includes(selected)) others.unshift(selected);
  }
  return { common, others };
}

/** The zone as the availability card names it: its last part, underscores as spaces. */
export function zoneCityName(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}
