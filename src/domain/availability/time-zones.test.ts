import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, timeZoneChoices, zoneCityName } from './time-zones';

describe('timezone choices', () => {
  const all = ['Europe/Paris', 'Pacific/Auckland', 'America/New_York', 'Africa/Abidjan'];

  it('lists the common zones first and every other zone once, sorted', () => {
    const { common, others } = timeZoneChoices(all);
    expect(common).toEqual([...COMMON_TIME_ZONES]);
    expect(others).toEqual(['Africa/Abidjan', 'Pacific/Auckland']);
  });

  it('keeps a saved zone that the runtime list lacks', () => {
    expect(timeZoneChoices(all, 'Asia/Calcutta').others[0]).toBe('Asia/Calcutta');
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
