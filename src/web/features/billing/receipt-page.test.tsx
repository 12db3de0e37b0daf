import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { receiptView, type ReceiptView } from '../../../contracts/payments.contract';
import { RECEIPT_MESSAGES as M } from '../../../domain/messages';
import { patterns } from '../../lib/paths';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveApi, type Reply } from '../../test/fake-api';
import { renderRouter } from '../../test/render';
import { ReceiptPage } from './receipt-page';

// The receipt page reads what the server answers, formats it in the student's zone (sent with
// it, Tokyo here) and prints with the browser's own dialog.

const receipt = (overrides: Partial<ReceiptView> = {}): ReceiptView =>
  receiptView.parse({
    paymentId: 'pay-1',
    receiptNumber: 'R-3F2A-91BC-04DE',
    paidAt: '2027-03-01T09:01:00.000Z',
    student: { name: 'Mia Chen', email: 'mia@example.com' },
    timeZone: 'Asia/Tokyo',
    item: {
      kind: 'single',
      description: 'Mathematics lesson, 50 minutes',
      tutorName: 'Ada Tutor',
      subject: 'Mathematics',
      lessonMinutes: 50,
      startsAt: '2027-03-05T00:00:00.000Z',
      endsAt: '2027-03-05T01:00:00.000Z',
    },
    amountCents: 4000,
    currency: 'USD',
    card: { brand: 'visa', last4: '4242' },
    refunds: [{ refundedAt: '2027-03-02T10:00:00.000Z', amountCents: 1500 }],
    netCents: 2500,
    ...overrides,
  });

function open(reply: Reply) {
  serveApi({
    'GET /api/auth/session': { json: { user: signedInStudent } },
    'GET /api/payments/pay-1/receipt': reply,
  });
  const router = createMemoryRouter([{ path: patterns.receipt, element: <ReceiptPage /> }], {
    initialEntries: ['/student/billing/receipts/pay-1'],
  });
  renderRouter(router, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

const rowText = (label: string) =>
  screen.getByText(label).closest('div')!.textContent!.replace(label, '');

describe('ReceiptPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the payment to the cent with the lesson in the student zone, and prints', async () => {
    open({ json: { receipt: receipt() } });
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    expect(screen.getByText(M.company)).toBeTruthy();
    expect(rowText(M.receiptNumber)).toBe('R-3F2A-91BC-04DE');
    expect(rowText(M.datePaid)).toBe('Mar 1, 2027');
    expect(rowText(M.billedTo)).toBe('Mia Chenmia@example.com');
    const item = within(screen.getByRole('region', { name: M.item }));
    expect(item.getByText(M.lessonWith('Ada Tutor'))).toBeTruthy();
    expect(item.getByText('Mathematics · 50 minutes')).toBeTruthy();
    expect(item.getByText('Friday, March 5, 2027 · 9:00 AM – 9:50 AM')).toBeTruthy();
    expect(item.getByText(M.timesIn('Asia/Tokyo (GMT+9)'))).toBeTruthy();
    expect(rowText(M.paymentMethod)).toBe('Visa •••• 4242');
    expect(rowText(M.amountPaid)).toBe('$40.00');
    expect(rowText(M.refundOn('Mar 2, 2027'))).toBe('−$15.00');
    expect(rowText(M.net)).toBe('$25.00');

    const print = vi.fn();
    vi.stubGlobal('print', print);
    await userEvent.click(screen.getByRole('button', { name: M.print }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('names a package by its lessons, and a card without details as "Card"', async () => {
    open({
      json: {
        receipt: receipt({
          item: {
            kind: 'package',
            description: 'Package of 5 lessons',
            tutorName: 'Ada Tutor',
            subject: 'Mathematics',
            lessonMinutes: 50,
            packageName: 'Starter',
            numberOfLessons: 5,
          },
          card: null,
          refunds: [],
          netCents: 4000,
        }),
      },
    });
    expect(await screen.findByText(M.packageWith(5, 'Ada Tutor'))).toBeTruthy();
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(rowText(M.paymentMethod)).toBe('Card');
    expect(screen.queryByText(/^Refund on/)).toBeNull();
    expect(rowText(M.net)).toBe('$40.00');
  });

  it('says a receipt it may not show was not found, with no Print button', async () => {
    open(apiError('NOT_FOUND', 'Payment not found'));
    expect(await screen.findByText(M.notFound)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.print })).toBeNull();
    expect(screen.getByRole('link', { name: M.backToBilling }).getAttribute('href')).toBe(
      '/student/billing',
    );
  });
});
