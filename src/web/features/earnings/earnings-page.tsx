import { Package, Wallet } from 'lucide-react';
import { formatMoney } from '../../../domain/money';
import { EARNINGS_MESSAGES as M } from '../../../domain/messages';
import { useAccountZone } from '../../lib/account-zone';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { monthName, zoneLabel } from '../../lib/lesson-time';
import { paths } from '../../lib/paths';
import { useEarnings, type Earnings } from './earnings-api';
import { EarningsLessons } from './earnings-lessons';
import { PayoutsPanel } from './payouts-panel';

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

function Totals({ earnings }: { earnings: Earnings }) {
  const money = (cents: number) => formatMoney(cents, earnings.currency);
  const totals = [
    { label: M.totalEarned, hint: M.totalEarnedHint, cents: earnings.totalEarnedCents },
    { label: M.upcoming, hint: M.upcomingHint, cents: earnings.upcomingCents },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {totals.map(({ label, hint, cents }) => (
        <div key={label} className={card}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums">{money(cents)}</dd>
          <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function MonthsTable({ earnings }: { earnings: Earnings }) {
  return (
    <section aria-labelledby="earnings-months" className={card}>
      <h2 id="earnings-months" className="mb-3 text-lg font-semibold">
        {M.byMonth}
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase dark:border-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-2 font-semibold">
              {M.month}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {M.paidLessons}
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              {M.earned}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {earnings.months.map((month) => (
            <tr key={month.month}>
              <th scope="row" className="py-2 pr-2 font-medium">
                {monthName(month.month)}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{month.paidLessons}</td>
              <td className="py-2 pl-2 text-right font-semibold tabular-nums">
                {formatMoney(month.earnedCents, earnings.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const hasAnything = (earnings: Earnings) =>
  earnings.months.length > 0 ||
  earnings.paidLessons.length > 0 ||
  earnings.upcomingLessons.length > 0;

/** Tutor Earnings: totals, each month's paid lessons, and the paid and upcoming lessons. */
export function EarningsPage() {
  const earnings = useEarnings();
  const zone = useAccountZone();

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{M.title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.intro}</p>
        </div>
        <ButtonLink to={paths.tutor.packages} variant="secondary">
          <Package aria-hidden className="h-4 w-4" />
          {M.managePackages}
        </ButtonLink>
      </div>
      <PayoutsPanel />
      {earnings.isPending && <LoadingSkeleton label={M.loading} rows={4} />}
      {earnings.isError && (
        <ErrorPanel message={M.loadFailed} onRetry={() => void earnings.refetch()} />
      )}
      {earnings.isSuccess && (
        <>
          <Totals earnings={earnings.data} />
          {hasAnything(earnings.data) ? (
            <>
              {earnings.data.months.length > 0 && <MonthsTable earnings={earnings.data} />}
              <div className={`${card} space-y-6`}>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {M.datesInZone(zoneLabel(zone))}
                </p>
                <div className="grid gap-6 lg:grid-cols-2">
                  <EarningsLessons
                    title={M.paidLessons}
                    lessons={earnings.data.paidLessons}
                    empty={M.noPaidLessons}
                    currency={earnings.data.currency}
                    zone={zone}
                  />
                  <EarningsLessons
                    title={M.upcomingLessons}
                    lessons={earnings.data.upcomingLessons}
                    empty={M.noUpcomingLessons}
                    currency={earnings.data.currency}
                    zone={zone}
                  />
                </div>
              </div>
            </>
          ) : (
            <EmptyState icon={Wallet} title={M.noEarnings} hint={M.noEarningsHint} />
          )}
        </>
      )}
    </div>
  );
}
