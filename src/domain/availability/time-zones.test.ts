import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, COMMON_TIME_ZONES, timeZoneChoices, zoneCityName } from './time-zones';

describe('timezone choices', () => {
  const all = ['Europe/Paris', 'Pacific/Auckland', 'America/New_York', 'Africa/Abidjan'];

  it('lists the common zones first and every other zone once, sorted', () => {
    const { common, others } = timeZoneChoices(all);
    expect(common).toEqual([...COMMON_TIME_ZONES]);
    expect(others).toEqual(['Africa/Abidjan', 'Pacific/Auckland']);
  });

  it('lists zones under their current IANA names, once (the runtime lists their old ones)', () => {
    const { common, others } = timeZoneChoices([
      ...all,
      'Europe/Kiev',
      'Asia/Calcutta',
      'Africa/Asmera',
      'America/Buenos_Aires',
    ]);
    const listed = [...common, ...others];
    for (const old of ['Europe/Kiev', 'Asia/Calcutta', 'Africa/Asmera', 'America/Buenos_Aires'])
      expect(listed).not.toContain(old);
    expect(others).toEqual([
      'Africa/Abidjan',
      'Africa/Asmara',
      'America/Argentina/Buenos_Aires',
      'Europe/Kyiv',
      'Pacific/Auckland',
    ]);
    expect(listed.filter((zone) => zone === 'Asia/Kolkata')).toHaveLength(1);
  });

  it('renames only to the same zone: the same offsets all year', () => {
    for (const old of Intl.supportedValuesOf('timeZone')) {
      const current = canonicalTimeZone(old);
      if (current === old) continue;
      for (let month = 0; month < 12; month += 1) {
        const at = new Date(Date.UTC(2026, month, 15, 12));
        const offset = (zone: string) =>
          new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).format(at);
        expect(offset(current), `${old} → ${current}`).toBe(offset(old));
      }
    }
  });

  it('keeps a saved zone that the runtime list lacks', () => {
    expect(timeZoneChoices(all, 'Asia/Calcutta').others[0]).toBe('Asia/Calcutta');
    expect(timeZoneChoices(all, 'America/Ciudad_Juarez').others[0]).toBe('America/Ciudad_Juarez');
    expect(timeZoneChoices(all, 'Not/AZone').others).not.toContain('Not/AZone');
  });
});

describe('zone city name', () => {
  it('takes the last part and replaces underscores', () => {
    expect(zoneCityName('America/New_York')).toBe('New York');
    expect(zoneCityName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCityName('UTC')).toBe('UTC');
  });
});
