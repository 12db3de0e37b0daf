import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentView,
  studentPackageView,
  type PaymentView,
  type StudentPackageView,
} from '../../../contracts/payments.contract';
import {
  BILLING_MESSAGES as M,
  BOOKING_MESSAGES,
  PAYMENT_MESSAGES as P,
} from '../../../domain/messages';
import { zoneLabel } from '../../lib/lesson-time';
import { signedInStudent } from '../../test/fixtures';
import { apiError, gate, serveApi, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { BillingPage } from './billing-page';

// The page opens on Monday 8 March 2027 at 10:00, in UTC (the test project's zone).
const NOW = new Date('2027-03-08T10:00:00Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

const payment = (overrides: Partial<PaymentView>): PaymentView =>
  paymentView.parse({
    id: 'pay-1',
    kind: 'single',
    status: 'completed',
    description: 'Mathematics lesson, 50 minutes',
    tutorName: 'Ada Tutor',
    amountCents: 2500,
    refundedCents: 0,
    currency: 'USD',
    receiptUrl: null,
    refundReason: null,
    createdAt: '2027-03-01T09:00:00.000Z',
    completedAt: '2027-03-01T09:01:00.000Z',
    holdExpiresAt: '2027-03-01T09:15:00.000Z',
    ...overrides,
  });

const bought = (overrides: Partial<StudentPackageView>): StudentPackageView =>
  studentPackageView.parse({
    id: 'sp-1',
    name: '5 lessons',
    tutorProfileId: 'tutor-profile-1',
    tutorName: 'Ada Tutor',
    subjectId: 2,
    subject: 'Mathematics',
    lessonMinutes: 50,
    numberOfLessons: 5,
    lessonsLeft: 3,
    status: 'active',
    expiresAt: inDays(30),
    ...overrides,
  });

const payments = [
  payment({
    id: 'paid',
    receiptUrl: 'https://pay.example.com/receipts/paid',
  }),
  payment({ id: 'pending', status: 'pending', description: 'Physics lesson, 25 minutes' }),
  payment({
    id: 'canceled',
    status: 'canceled',
    description: 'Canceled checkout',
    // Not a web address: never turned into a link.
    receiptUrl: 'javascript:alert(1)',
  }),
  payment({ id: 'expired', status: 'expired', description: 'Lapsed checkout' }),
  payment({
    id: 'refunded',
    kind: 'package',
    status: 'refunded',
    description: 'Package of 5 lessons',
    amountCents: 11250,
    refundedCents: 11250,
    refundReason: 'slot_taken',
    receiptUrl: 'https://pay.example.com/receipts/refunded',
  }),
  payment({
    id: 'partial',
    status: 'partially_refunded',
    description: 'English lesson, 100 minutes',
    amountCents: 5000,
    refundedCents: 1000,
  }),
];

const packages = [
  bought({ id: 'plenty' }),
  bought({ id: 'soon', name: '10 lessons', lessonsLeft: 1, expiresAt: inDays(3) }),
  bought({ id: 'over', name: 'Old package', status: 'expired', expiresAt: inDays(-2) }),
  bought({ id: 'unpaid', name: '20 lessons', status: 'awaiting_payment', expiresAt: null }),
];

function serveBilling(billing: () => Reply | Promise<Reply>) {
  return serveApi({
    'GET /api/auth/session': { json: { user: signedInStudent } },
    'GET /api/billing': billing,
  });
}

const rowOf = (description: string) =>
  screen.getAllByTestId('payment').find((row) => within(row).queryByText(description) !== null)!;
const packageOf = (name: string) =>
  screen
    .getAllByTestId('student-package')
    .find((card) => within(card).queryByRole('heading', { name }) !== null)!;

describe('BillingPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('lists every payment with its status in words, its date, refunds and receipt links', async () => {
    serveBilling(() => ({ json: { payments, packages: [] } }));
    renderInApp(<BillingPage />, { path: '/student/billing' });
    expect(await screen.findByRole('heading', { name: M.paymentsTitle })).toBeTruthy();

    const rows = screen.getAllByTestId('payment');
    expect(rows.map((row) => row.querySelector('[data-status]')?.textContent)).toEqual([
      'Completed',
      'Pending',
      'Canceled',
      'Expired',
      'Refunded',
      'Partially refunded',
    ]);
    const paid = within(rowOf('Mathematics lesson, 50 minutes'));
    expect(paid.getByText('Ada Tutor')).toBeTruthy();
    expect(paid.getByText('$25.00')).toBeTruthy();
    expect(paid.getByText('Mar 1, 2027, 9:00 AM')).toBeTruthy();
    expect(screen.getByText(M.datesInZone(zoneLabel('UTC')))).toBeTruthy();

    // Every payment that took money has its receipt page; a checkout never paid has none.
    const receipts = screen.getAllByRole('link', { name: /^Receipt/ });
    expect(receipts.map((link) => link.getAttribute('href'))).toEqual(
      ['paid', 'refunded', 'partial'].map((id) => `/student/billing/receipts/${id}`),
    );
    expect(receipts[0]!.getAttribute('aria-label')).toBe(
      M.receiptFor('Mathematics lesson, 50 minutes'),
    );
    expect(within(rowOf('Canceled checkout')).queryByRole('link')).toBeNull();
    // A checkout left or lapsed took no money, and says so beside its amount (issue #29).
    expect(within(rowOf('Canceled checkout')).getByText(M.notCharged)).toBeTruthy();
    expect(within(rowOf('Lapsed checkout')).getByText(M.notCharged)).toBeTruthy();
    expect(paid.queryByText(M.notCharged)).toBeNull();

    // Money that went back, and why when nobody asked for it.
    const refunded = within(rowOf('Package of 5 lessons'));
    expect(refunded.getByText('$112.50')).toBeTruthy();
    expect(refunded.getByText(M.refundedAmount('$112.50'))).toBeTruthy();
    expect(refunded.getByText(P.slotTakenRefunded)).toBeTruthy();
    const partial = within(rowOf('English lesson, 100 minutes'));
    expect(partial.getByText(M.refundedAmount('$10.00'))).toBeTruthy();
    expect(partial.queryByText(P.slotTakenRefunded)).toBeNull();
    expect(within(rowOf('Physics lesson, 25 minutes')).queryByText(/^Refunded/)).toBeNull();
  });

  it('shows each package’s credits and validity, warns before it expires, and links to booking', async () => {
    serveBilling(() => ({ json: { payments: [], packages } }));
    renderInApp(<BillingPage />, { path: '/student/billing' });
    expect(await screen.findByRole('heading', { name: M.packagesTitle })).toBeTruthy();

    const plenty = within(packageOf('5 lessons'));
    expect(plenty.getByText(P.creditsLeft(3, 5, 'Apr 7, 2027'))).toBeTruthy();
    expect(plenty.getByText(M.withTutor('Ada Tutor'))).toBeTruthy();
    expect(plenty.getByText(M.packageLessons('Mathematics', 50))).toBeTruthy();
    expect(plenty.queryByText(/^Expires/)).toBeNull();
    expect(plenty.getByRole('link', { name: M.scheduleLesson }).getAttribute('href')).toBe(
      '/booking/plan/tutor-profile-1',
    );

    const soon = within(packageOf('10 lessons'));
    expect(soon.getByText(P.creditsLeft(1, 5, 'Mar 11, 2027'))).toBeTruthy();
    expect(soon.getByText(M.expiresInDays(3))).toBeTruthy();
    expect(soon.getByRole('link', { name: M.scheduleLesson })).toBeTruthy();

    const over = within(packageOf('Old package'));
    expect(over.getByText(M.expiredOn('Mar 6, 2027'))).toBeTruthy();
    expect(over.getByText(M.lessonsLeftOf(3, 5))).toBeTruthy();
    expect(over.queryByRole('link')).toBeNull();

    const unpaid = within(packageOf('20 lessons'));
    expect(unpaid.getByText(M.packageStatuses.awaiting_payment)).toBeTruthy();
    expect(unpaid.getByText(M.lessonsLeftOf(3, 5))).toBeTruthy();
    expect(unpaid.queryByRole('link')).toBeNull();

    // No payments: the empty state, with the way to find a tutor.
    expect(screen.getByText(M.noPayments)).toBeTruthy();
  });

  it('says there is nothing yet and offers Find Tutors for payments and for packages', async () => {
    serveBilling(() => ({ json: { payments: [], packages: [] } }));
    renderInApp(<BillingPage />, { path: '/student/billing' });
    expect(await screen.findByText(M.noPayments)).toBeTruthy();
    expect(screen.getByText(M.noPackages)).toBeTruthy();
    const finds = screen.getAllByRole('link', { name: BOOKING_MESSAGES.findTutors });
    expect(finds.map((link) => link.getAttribute('href'))).toEqual([
      '/student/tutors',
      '/student/tutors',
    ]);
  });

  it('shows a skeleton while loading, an error panel on failure, and Try Again loads it', async () => {
    const user = userEvent.setup();
    const server = gate();
    let calls = 0;
    serveBilling(async () => {
      calls += 1;
      if (calls === 1) {
        await server.opened;
        return apiError('INTERNAL', 'Something went wrong');
      }
      return { json: { payments: [payment({})], packages: [] } };
    });
    renderInApp(<BillingPage />, { path: '/student/billing' });
    expect((await screen.findByRole('status')).textContent).toBe(M.loading);

    server.open();
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText(M.loadFailed)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: BOOKING_MESSAGES.tryAgain }));

    expect(await screen.findByText('Mathematics lesson, 50 minutes')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
