import { toast } from 'react-hot-toast/headless';
import { useState } from 'react';
import { formatRate } from '../../../domain/ledger/commission';
import { PAYOUT_PANEL_MESSAGES as M } from '../../../domain/ledger/earnings-messages';
import { formatMoney } from '../../../domain/money';
import { Button } from '../../components/ui/button';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { useAccountZone } from '../../lib/account-zone';
import { messageOf } from '../../lib/api-client';
import { shortDate } from '../../lib/lesson-time';
import { statementCsv, statementMonths } from './payout-statement';
import {
  useOpenPayoutOnboarding,
  useTutorPayouts,
  useWithdraw,
  type TutorPayouts,
} from './payouts-api';

// The tutor's money as the ledger has it: balances, commission tier, payout account, Withdraw,
// payouts, the per-lesson lines and a monthly CSV statement.

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-slate-600 dark:text-slate-400';

function Balances({ data }: { data: TutorPayouts }) {
  const money = (cents: number) => formatMoney(cents, data.currency);
  const items = [
    { label: M.pending, hint: M.pendingHint, cents: data.balances.pendingCents },
    { label: M.available, hint: M.availableHint, cents: data.balances.availableCents },
    { label: M.onTheWay, hint: M.onTheWayHint, cents: data.balances.inTransitCents },
    { label: M.paidOut, hint: M.paidOutHint, cents: data.balances.paidOutCents },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="payout-balances">
      {items.map(({ label, hint, cents }) => (
        <div key={label} className={card}>
          <dt className={`text-sm font-medium ${muted}`}>{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{money(cents)}</dd>
          <dd className={`mt-1 text-xs ${muted}`}>{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountAndWithdraw({ data }: { data: TutorPayouts }) {
  const withdraw = useWithdraw();
  const onboarding = useOpenPayoutOnboarding();
  const { account } = data;
  const status = {
    none: M.accountNone,
    onboarding: M.accountOnboarding,
    active: M.accountActive(account.displayName),
    needs_attention: M.accountAttention,
  }[account.status];
  const next = data.commission.next;
  return (
    <div className={`${card} grid gap-4 sm:grid-cols-2`}>
      <div className="space-y-2">
        <h3 className="font-semibold">{M.account}</h3>
        <p className="text-sm" data-testid="payout-account-status">
          {status}
        </p>
        {account.status === 'needs_attention' && account.reason && (
          <p className="text-sm text-red-700 dark:text-red-300">{account.reason}</p>
        )}
        {account.status !== 'active' && (
          <Button
            variant={account.status === 'none' ? 'primary' : 'secondary'}
            disabled={onboarding.isPending}
            onClick={() =>
              onboarding.mutate(undefined, {
                onError: (error) => toast.error(messageOf(error, M.accountFailed)),
              })
            }
          >
            {account.status === 'none' ? M.setUp : M.update}
          </Button>
        )}
      </div>
      <div className="space-y-2">
        <p className="text-sm" data-testid="commission-tier">
          {M.commission(formatRate(data.commission.rateBp))}
        </p>
        <p className={`text-sm ${muted}`}>
          {next ? M.nextTier(String(next.hoursToGo), formatRate(next.rateBp)) : M.topTier}
        </p>
        <Button
          disabled={!data.canWithdraw || withdraw.isPending}
          onClick={() =>
            withdraw.mutate(undefined, {
              onSuccess: () => toast.success(M.withdrawn),
              onError: (error) => toast.error(messageOf(error, M.withdrawFailed)),
            })
          }
        >
          {M.withdraw}
        </Button>
        <p className={`text-xs ${muted}`}>
          {M.withdrawHint(formatMoney(data.minimumCents, data.currency))}
        </p>
      </div>
    </div>
  );
}

function Payouts({ data }: { data: TutorPayouts }) {
  const zone = useAccountZone();
  return (
    <section aria-labelledby="payouts-title" className={card}>
      <h3 id="payouts-title" className="mb-2 font-semibold">
        {M.payouts}
      </h3>
      {data.payouts.length === 0 ? (
        <p className={`text-sm ${muted}`}>{M.noPayouts}</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {data.payouts.map((payout) => (
            <li key={payout.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>{shortDate(payout.requestedAt, zone)}</span>
              <span className="font-semibold tabular-nums">
                {formatMoney(payout.amountCents, payout.currency)}
              </span>
              <span data-testid="payout-status">{M.payoutStatus[payout.status]}</span>
              {payout.failureReason && (
                <span className="w-full text-red-700 dark:text-red-300">
                  {payout.failureReason}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Statement({ data }: { data: TutorPayouts }) {
  const months = statementMonths(data.lessons);
  const [month, setMonth] = useState(months[0] ?? '');
  if (months.length === 0) return null;
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(statementCsv(data.lessons, month))}`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="statement-month">{M.statementMonth}</label>
      <select
        id="statement-month"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
      >
        {months.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <a
        className="font-semibold text-indigo-700 underline dark:text-indigo-300"
        href={href}
        download={`tutora-statement-${month}.csv`}
      >
        {M.statement}
      </a>
    </div>
  );
}

function LessonLines({ data }: { data: TutorPayouts }) {
  const zone = useAccountZone();
  const money = (cents: number) => formatMoney(cents, data.currency);
  return (
    <section aria-labelledby="lesson-lines-title" className={`${card} space-y-3`}>
      <h3 id="lesson-lines-title" className="font-semibold">
        {M.lessons}
      </h3>
      {data.lessons.length === 0 ? (
        <p className={`text-sm ${muted}`}>{M.noLessons}</p>
      ) : (
        <>
          {/* Scrolls sideways on a phone: focusable so that keyboard users can scroll it too. */}
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-labelledby="lesson-lines-title"
          >
            <table className="w-full text-left text-sm">
              <thead className={`text-xs uppercase ${muted}`}>
                <tr>
                  <th scope="col" className="py-2 pr-2">
                    {M.date}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {M.student}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {M.price}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {M.commissionColumn}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {M.net}
                  </th>
                  <th scope="col" className="py-2 pl-2">
                    {M.status}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {data.lessons.map((line) => (
                  <tr key={line.lessonId} data-testid="lesson-line">
                    <td className="py-2 pr-2">{shortDate(line.endsAt, zone)}</td>
                    <td className="px-2 py-2">{line.studentName}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{money(line.priceCents)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {money(line.commissionCents)} ({formatRate(line.rateBp)})
                    </td>
                    <td className="px-2 py-2 text-right font-semibold tabular-nums">
                      {money(line.netCents)}
                    </td>
                    <td className="py-2 pl-2">{M.lessonStatus[line.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Statement data={data} />
        </>
      )}
    </section>
  );
}

/** Balances and payouts, read from the ledger. */
export function PayoutsPanel() {
  const payouts = useTutorPayouts();
  return (
    <section aria-labelledby="payouts-panel-title" className="space-y-4">
      <h2 id="payouts-panel-title" className="text-lg font-semibold">
        {M.title}
      </h2>
      {payouts.isPending && <LoadingSkeleton label={M.title} rows={2} />}
      {payouts.isError && (
        <ErrorPanel message={M.loadFailed} onRetry={() => void payouts.refetch()} />
      )}
      {payouts.isSuccess && (
        <>
          <Balances data={payouts.data} />
          <AccountAndWithdraw data={payouts.data} />
          <Payouts data={payouts.data} />
          <LessonLines data={payouts.data} />
        </>
      )}
    </section>
  );
}
