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
 * Zones the browsers' time zone data (ICU, following CLDR) still names by their old IANA
 * names, and the names IANA gives them now: a Kyiv user picks "Europe/Kyiv", not
 * "Europe/Kiev". Every runtime accepts both; only the listing and the device's own zone need
 * the new name. (The TC39 "canonical time zones" proposal lists these.)
 */
const RENAMED_ZONES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The zone's current IANA name (the same zone: the same offsets at every instant). */
export function canonicalTimeZone(zone: string): string {
  return RENAMED_ZONES[zone] ?? zone;
}

/**
 * The selector's choices: the common zones, then every other zone the runtime knows in
 * alphabetical order, each once under its current IANA name; a saved zone the runtime lists
 * under another name is kept too.
 */
export function timeZoneChoices(
  allZones: readonly string[],
  selected?: string | null,
): { common: string[]; others: string[] } {
  const common = COMMON_TIME_ZONES.filter(isValidTimeZone);
  const others = [...new Set(allZones.map(canonicalTimeZone))]
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
