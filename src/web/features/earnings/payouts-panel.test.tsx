import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAYOUT_PANEL_MESSAGES as M } from '../../../domain/ledger/earnings-messages';
import { apiError, serveApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { PayoutsPanel } from './payouts-panel';
import { tutorPayoutsFixture } from './payouts-fixture';

const tutorUser = {
  id: 't1',
  email: 'tara@example.com',
  role: 'tutor',
  firstName: 'Tara',
  lastName: 'Quinn',
};

describe('PayoutsPanel', () => {
  it('shows the balances, the tier, the lesson lines, and withdraws', async () => {
    const user = userEvent.setup();
    let withdrawn = 0;
    serveApi({
      'GET /api/auth/session': { json: { user: tutorUser } },
      'GET /api/tutor/payouts': () => ({
        json:
          withdrawn === 0
            ? tutorPayoutsFixture
            : {
                ...tutorPayoutsFixture,
                canWithdraw: false,
                balances: {
                  ...tutorPayoutsFixture.balances,
                  availableCents: 0,
                  inTransitCents: 4500,
                },
              },
      }),
      'POST /api/tutor/payouts/withdraw': () => {
        withdrawn += 1;
        return { status: 201, json: { payoutId: 'p2' } };
      },
    });
    renderInApp(<PayoutsPanel />, { path: '/tutor/earnings' });
    const balances = await screen.findByTestId('payout-balances');
    expect(within(balances).getByText(M.pending).nextElementSibling?.textContent).toBe('$22.50');
    expect(within(balances).getByText(M.available).nextElementSibling?.textContent).toBe('$45.00');
    expect(within(balances).getByText(M.paidOut).nextElementSibling?.textContent).toBe('$120.00');
    expect(screen.getByTestId('commission-tier').textContent).toBe(M.commission('25 %'));
    expect(screen.getByText(M.nextTier('7.5', '20 %'))).toBeTruthy();
    const line = screen.getByTestId('lesson-line');
    expect(line.textContent).toContain('Sam Lee');
    expect(line.textContent).toContain('$7.50 (25 %)');
    expect(line.textContent).toContain('$22.50');

    await user.click(screen.getByRole('button', { name: M.withdraw }));
    expect(await screen.findByText(M.withdrawn)).toBeTruthy();
    expect(withdrawn).toBe(1);
    await expect
      .poll(() => within(balances).getByText(M.onTheWay).nextElementSibling?.textContent)
      .toBe('$45.00');
    expect((screen.getByRole('button', { name: M.withdraw }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("says why a withdrawal was refused, in the server's words", async () => {
    const user = userEvent.setup();
    serveApi({
      'GET /api/auth/session': { json: { user: tutorUser } },
      'GET /api/tutor/payouts': { json: tutorPayoutsFixture },
      'POST /api/tutor/payouts/withdraw': apiError('CONFLICT', 'A payout is already on its way.'),
    });
    renderInApp(<PayoutsPanel />, { path: '/tutor/earnings' });
    await user.click(await screen.findByRole('button', { name: M.withdraw }));
    expect(await screen.findByText('A payout is already on its way.')).toBeTruthy();
  });
});
