import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES as M } from '../../../../domain/ledger/finance-messages';
import { PAYOUT_MESSAGES } from '../../../../domain/ledger/payout-messages';
import { serveSignedIn, type ApiRequest } from '../../../test/fake-api';
import { signedInStudent } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { centsOf } from './adjustment-form';
import type { Finance } from './finance-api';
import { FinancePage } from './finance-page';

const admin = { ...signedInStudent, role: 'admin' as const };

const finance = (availableCents: number): Finance => ({
  currency: 'USD',
  grossBookingsCents: 12_000,
  platformRevenueCents: 2_250,
  refundsCents: 3_000,
  providerCashCents: 9_000,
  unearnedCents: 0,
  tutorsOwedCents: 6_750 + availableCents,
  tutors: [
    {
      tutorProfileId: 'tp-ada',
      name: 'Ada Lovelace',
      pendingCents: 6_750,
      availableCents,
      inTransitCents: 0,
    },
  ],
  payouts: [
    {
      id: 'po-1',
      tutorName: 'Ada Lovelace',
      amountCents: 6_750,
      currency: 'USD',
      status: 'failed',
      origin: 'withdraw',
      requestedAt: '2026-11-20T10:00:00.000Z',
      settledAt: '2026-11-20T10:05:00.000Z',
      failureReason: 'The bank refused the transfer.',
    },
  ],
  reconciliation: {
    checkedAt: '2026-11-21T03:00:00.000Z',
    provider: 'stripe',
    findings: [
      {
        subject: 'transfer',
        kind: 'amount_differs',
        providerRef: 'tr_123',
        payoutId: 'po-1',
        paymentId: null,
        name: 'Ada Lovelace',
        currency: 'USD',
        ledgerCents: 4_000,
        providerCents: 3_500,
        differenceCents: -500,
      },
    ],
  },
});

/** The server's Finance: an adjustment changes Ada's available balance; a retry is recorded. */
function serveFinance() {
  let available = 6_750;
  const requests: ApiRequest[] = [];
  serveSignedIn(admin, {
    'GET /api/admin/finance': () => ({ json: finance(available) }),
    'POST /api/admin/finance/adjustments': (request) => {
      requests.push(request);
      available += (request.body as { amountCents: number }).amountCents;
      return { status: 201, json: { ok: true } };
    },
    'POST /api/admin/payouts/po-1/retry': (request) => {
      requests.push(request);
      return { status: 201, json: { payoutId: 'po-2' } };
    },
  });
  return requests;
}

describe('FinancePage', () => {
  it('shows the totals, balances and payouts, retries a failed payout and adjusts with a reason', async () => {
    const requests = serveFinance();
    renderInApp(<FinancePage />, { path: '/admin/finance' });
    const user = userEvent.setup();

    const totals = await screen.findByTestId('finance-totals');
    expect(within(totals).getByText(M.grossBookings).nextSibling?.textContent).toBe('$120.00');
    expect(within(totals).getByText(M.platformRevenue).nextSibling?.textContent).toBe('$22.50');
    expect(within(totals).getByText(M.refunds).nextSibling?.textContent).toBe('$30.00');
    expect(within(totals).getByText(M.tutorsOwed).nextSibling?.textContent).toBe('$135.00');
    const balances = screen.getByTestId('finance-balances');
    expect(within(balances).getByRole('row', { name: /Ada Lovelace/ }).textContent).toBe(
      'Ada Lovelace$67.50$67.50$0.00',
    );
    expect(screen.getByText('The bank refused the transfer.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: M.retryLabel('Ada Lovelace') }));
    expect(await screen.findByText(M.retried)).toBeTruthy();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/admin/payouts/po-1/retry']);

    // Nothing is sent until the form is right: each field says what it needs.
    await user.click(screen.getByRole('button', { name: M.adjust }));
    expect(screen.getByText(M.tutorRequired)).toBeTruthy();
    expect(screen.getByText(M.amountInvalid)).toBeTruthy();
    expect(screen.getByText(PAYOUT_MESSAGES.adjustmentReason)).toBeTruthy();
    expect(requests).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText(M.adjustmentTutor), 'tp-ada');
    await user.type(screen.getByLabelText(M.adjustmentAmount), '-12.5');
    await user.type(screen.getByLabelText(M.adjustmentReason), 'Duplicate lesson credit');
    await user.click(screen.getByRole('button', { name: M.adjust }));
    expect(await screen.findByText(M.adjusted)).toBeTruthy();
    expect(requests[1]!.body).toEqual({
      tutorProfileId: 'tp-ada',
      amountCents: -1250,
      reason: 'Duplicate lesson credit',
    });
    expect(await within(screen.getByTestId('finance-balances')).findByText('$55.00')).toBeTruthy();
  });

  it('shows the reconciliation findings with what differs and by how much', async () => {
    serveFinance();
    renderInApp(<FinancePage />, { path: '/admin/finance' });
    const section = (await screen.findByRole('heading', { name: M.reconciliation })).parentElement!;
    const [finding] = within(
      within(section).getByRole('list', { name: M.findingsLabel }),
    ).getAllByRole('listitem');
    expect(finding!.textContent).toBe(
      'Transfer amounts differAda Lovelace · tr_123Ledger$40.00Provider$35.00Difference-$5.00',
    );
  });

  it('reads dollars as cents, refusing zero and more than two decimals', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf('-5')).toBe(-500);
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('0')).toBeNull();
    expect(centsOf('1.234')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });
});
