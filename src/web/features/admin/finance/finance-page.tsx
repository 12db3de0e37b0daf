import { toast } from 'react-hot-toast/headless';
import { FINANCE_MESSAGES as M } from '../../../../domain/ledger/finance-messages';
import { formatMoney } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { messageOf } from '../../../lib/api-client';
import { AdjustmentForm } from './adjustment-form';
import { useFinance, useRetryPayout, type Finance } from './finance-api';
import { ReconciliationFindings } from './reconciliation-findings';

// The admin's Finance page (issue #25): the ledger's totals, what each tutor is owed, the
// payouts (a failed one can be sent again), the latest reconciliation's findings and a manual
// adjustment with a reason.

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-slate-600 dark:text-slate-400';
const cell = 'px-3 py-2 text-left';

function Totals({ data }: { data: Finance }) {
  const items = [
    { label: M.grossBookings, hint: M.grossBookingsHint, cents: data.grossBookingsCents },
    { label: M.platformRevenue, hint: M.platformRevenueHint, cents: data.platformRevenueCents },
    { label: M.refunds, hint: M.refundsHint, cents: data.refundsCents },
    { label: M.tutorsOwed, hint: M.tutorsOwedHint, cents: data.tutorsOwedCents },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="finance-totals">
      {items.map(({ label, hint, cents }) => (
        <div key={label} className={card}>
          <dt className={`text-sm font-medium ${muted}`}>{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">
            {formatMoney(cents, data.currency)}
          </dd>
          <dd className={`mt-1 text-xs ${muted}`}>{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function Balances({ data }: { data: Finance }) {
  const money = (cents: number) => formatMoney(cents, data.currency);
  if (data.tutors.length === 0) return <p className={muted}>{M.noBalances}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="finance-balances">
        <thead className={muted}>
          <tr>
            <th className={cell}>{M.tutor}</th>
            <th className={`${cell} text-right`}>{M.pending}</th>
            <th className={`${cell} text-right`}>{M.available}</th>
            <th className={`${cell} text-right`}>{M.onTheWay}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.tutors.map((tutor) => (
            <tr key={tutor.tutorProfileId}>
              <th scope="row" className={`${cell} font-medium`}>
                {tutor.name}
              </th>
              <td className={`${cell} text-right tabular-nums`}>{money(tutor.pendingCents)}</td>
              <td className={`${cell} text-right tabular-nums`}>{money(tutor.availableCents)}</td>
              <td className={`${cell} text-right tabular-nums`}>{money(tutor.inTransitCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Payouts({ data }: { data: Finance }) {
  const retry = useRetryPayout();
  if (data.payouts.length === 0) return <p className={muted}>{M.noPayouts}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="finance-payouts">
        <thead className={muted}>
          <tr>
            <th className={cell}>{M.tutor}</th>
            <th className={`${cell} text-right`}>{M.amount}</th>
            <th className={cell}>{M.status}</th>
            <th className={cell}>{M.requested}</th>
            <th className={cell}>
              <span className="sr-only">{M.retry}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.payouts.map((payout) => (
            <tr key={payout.id}>
              <th scope="row" className={`${cell} font-medium`}>
                {payout.tutorName}
              </th>
              <td className={`${cell} text-right tabular-nums`}>
                {formatMoney(payout.amountCents, payout.currency)}
              </td>
              <td className={cell}>
                {M.statusLabels[payout.status]}
                {payout.failureReason && (
                  <span className={`block text-xs ${muted}`}>{payout.failureReason}</span>
                )}
              </td>
              <td className={`${cell} whitespace-nowrap`}>{payout.requestedAt.slice(0, 10)}</td>
              <td className={cell}>
                {payout.status === 'failed' && (
                  <Button
                    variant="secondary"
                    aria-label={M.retryLabel(payout.tutorName)}
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(payout.id, {
                        onSuccess: () => toast.success(M.retried),
                        onError: (error) => toast.error(messageOf(error, M.retryFailed)),
                      })
                    }
                  >
                    {M.retry}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FinancePage() {
  const finance = useFinance();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <p className={muted}>{M.intro}</p>
      </header>
      {finance.isPending ? (
        <LoadingSkeleton label={M.loading} />
      ) : finance.isError ? (
        <ErrorPanel message={M.loadFailed} onRetry={() => void finance.refetch()} />
      ) : (
        <>
          <Totals data={finance.data} />
          <section className={card} aria-labelledby="finance-balances-title">
            <h2 id="finance-balances-title" className="mb-3 text-lg font-semibold">
              {M.balances}
            </h2>
            <Balances data={finance.data} />
          </section>
          <section className={card} aria-labelledby="finance-payouts-title">
            <h2 id="finance-payouts-title" className="mb-3 text-lg font-semibold">
              {M.payouts}
            </h2>
            <Payouts data={finance.data} />
          </section>
          <section className={card} aria-labelledby="finance-reconciliation-title">
            <h2 id="finance-reconciliation-title" className="mb-3 text-lg font-semibold">
              {M.reconciliation}
            </h2>
            <ReconciliationFindings data={finance.data.reconciliation} />
          </section>
          <section className={card} aria-labelledby="finance-adjustment-title">
            <h2 id="finance-adjustment-title" className="text-lg font-semibold">
              {M.adjustment}
            </h2>
            <p className={`mb-4 text-sm ${muted}`}>{M.adjustmentIntro}</p>
            <AdjustmentForm tutors={finance.data.tutors} />
          </section>
        </>
      )}
    </div>
  );
}
