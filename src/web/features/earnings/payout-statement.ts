import type { TutorPayouts } from './payouts-api';

// The monthly statement as CSV, from the lines the ledger answered: one row per lesson earned
// in the month (by its end, in UTC), amounts in dollars with two decimals.

const dollars = (cents: number) => (cents / 100).toFixed(2);
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The months (YYYY-MM) that have lesson lines, newest first. */
export const statementMonths = (lines: TutorPayouts['lessons']) =>
  [...new Set(lines.map((line) => line.endsAt.slice(0, 7)))].sort().reverse();

export function statementCsv(lines: TutorPayouts['lessons'], month: string) {
  const header = 'Date,Student,Price,Commission rate,Commission,Net,Status';
  const rows = lines
    .filter((line) => line.endsAt.startsWith(month))
    .map((line) =>
      [
        line.endsAt.slice(0, 10),
        quoted(line.studentName),
        dollars(line.priceCents),
        `${line.rateBp / 100}%`,
        dollars(line.commissionCents),
        dollars(line.netCents),
        line.status,
      ].join(','),
    );
  return [header, ...rows].join('\n') + '\n';
}
