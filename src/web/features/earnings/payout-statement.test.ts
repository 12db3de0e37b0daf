import { describe, expect, it } from 'vitest';
import { statementCsv, statementMonths } from './payout-statement';

const line = (endsAt: string, studentName: string, priceCents: number) => ({
  lessonId: endsAt,
  endsAt,
  studentName,
  priceCents,
  rateBp: 2500,
  commissionCents: Math.round(priceCents / 4),
  netCents: priceCents - Math.round(priceCents / 4),
  status: 'available' as const,
});

describe('the monthly statement', () => {
  const lines = [
    line('2030-05-07T11:00:00.000Z', 'Sam "Sammy" Lee', 3000),
    line('2030-04-30T23:00:00.000Z', 'Ana', 4000),
  ];
  it('lists the months newest first', () => {
    expect(statementMonths(lines)).toEqual(['2030-05', '2030-04']);
  });
  it('has one row per lesson of the month, names quoted, dollars with cents', () => {
    expect(statementCsv(lines, '2030-05')).toBe(
      'Date,Student,Price,Commission rate,Commission,Net,Status\n' +
        '2030-05-07,"Sam ""Sammy"" Lee",30.00,25%,7.50,22.50,available\n',
    );
  });
});
