import { describe, expect, it } from 'vitest';
import { canScheduleFrom, packageExpiry } from './package-expiry';

const now = new Date('2027-03-01T10:00:00Z');
const active = (expiresAt: string | null) => ({ status: 'active' as const, expiresAt });

describe('packageExpiry', () => {
  it('warns in the last seven calendar days of the viewer, and not before', () => {
    expect(packageExpiry(active('2027-03-01T23:00:00Z'), now, 'UTC')).toEqual({
      state: 'soon',
      days: 0,
    });
    expect(packageExpiry(active('2027-03-02T08:00:00Z'), now, 'UTC')).toEqual({
      state: 'soon',
      days: 1,
    });
    expect(packageExpiry(active('2027-03-08T23:59:00Z'), now, 'UTC')).toEqual({
      state: 'soon',
      days: 7,
    });
    expect(packageExpiry(active('2027-03-09T00:00:00Z'), now, 'UTC')).toEqual({ state: 'later' });
  });

  it('counts days on the viewer’s own calendar', () => {
    // 02:00 UTC on 2 March is still 1 March in New York: it expires today there.
    expect(packageExpiry(active('2027-03-02T02:00:00Z'), now, 'America/New_York')).toEqual({
      state: 'soon',
      days: 0,
    });
  });

  it('says expired once past, even while the server still says active', () => {
    expect(packageExpiry(active('2027-03-01T09:59:59Z'), now, 'UTC')).toEqual({
      state: 'expired',
    });
    expect(packageExpiry({ status: 'expired', expiresAt: null }, now, 'UTC')).toEqual({
      state: 'expired',
    });
  });

  it('has nothing to say before payment or after a refund', () => {
    expect(packageExpiry({ status: 'awaiting_payment', expiresAt: null }, now, 'UTC')).toEqual({
      state: 'none',
    });
    expect(
      packageExpiry({ status: 'refunded', expiresAt: '2027-03-02T00:00:00Z' }, now, 'UTC'),
    ).toEqual({ state: 'none' });
  });
});

describe('canScheduleFrom', () => {
  const expiresLater = { state: 'later' } as const;
  it('needs a paid package with credits left that has not expired', () => {
    expect(canScheduleFrom({ ...active('x'), lessonsLeft: 2 }, expiresLater)).toBe(true);
    expect(canScheduleFrom({ ...active('x'), lessonsLeft: 0 }, expiresLater)).toBe(false);
    expect(canScheduleFrom({ ...active('x'), lessonsLeft: 2 }, { state: 'expired' })).toBe(false);
    expect(
      canScheduleFrom(
        { status: 'awaiting_payment', expiresAt: null, lessonsLeft: 5 },
        {
          state: 'none',
        },
      ),
    ).toBe(false);
  });
});
