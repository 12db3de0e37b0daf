import type { TutorPayouts } from './payouts-api';

/** A tutor's ledger view as the server answers it, for component tests. */
export const tutorPayoutsFixture: TutorPayouts = {
  currency: 'USD',
  balances: { pendingCents: 2250, availableCents: 4500, inTransitCents: 0, paidOutCents: 12_000 },
  commission: { rateBp: 2500, taughtHours: 12.5, next: { rateBp: 2000, hoursToGo: 7.5 } },
  minimumCents: 2000,
  canWithdraw: true,
  account: { status: 'active', reason: '', displayName: 'IBAN •••• 3000' },
  lessons: [
    {
      lessonId: 'l1',
      endsAt: '2030-05-07T11:00:00.000Z',
      studentName: 'Sam Lee',
      priceCents: 3000,
      rateBp: 2500,
      commissionCents: 750,
      netCents: 2250,
      status: 'pending',
    },
  ],
  payouts: [
    {
      id: 'p1',
      amountCents: 12_000,
      currency: 'USD',
      status: 'paid',
      origin: 'weekly',
      requestedAt: '2030-05-06T00:00:00.000Z',
      settledAt: '2030-05-06T00:01:00.000Z',
      failureReason: null,
    },
  ],
};
