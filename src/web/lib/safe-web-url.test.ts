import { describe, expect, it } from 'vitest';
import { safeWebUrl } from './safe-web-url';

describe('safeWebUrl', () => {
  it('keeps web addresses, normalised', () => {
    expect(safeWebUrl('https://meet.example.com/abc')).toBe('https://meet.example.com/abc');
    expect(safeWebUrl('HTTP://Pay.Example/r/1')).toBe('http://pay.example/r/1');
  });

  it('drops anything that is not a web address, or no address at all', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'meet.example.com', '', null])
      expect(safeWebUrl(url), String(url)).toBeNull();
  });
});
