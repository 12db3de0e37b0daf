import { FINANCE_MESSAGES as M } from '../../../../domain/ledger/finance-messages';
import { formatMoney } from '../../../../domain/money';
import { useAccountZone } from '../../../lib/account-zone';
import { shortDateTime } from '../../../lib/lesson-time';
import type { Finance } from './finance-api';

// The latest daily reconciliation: when it ran, against which provider, and every mismatch
// between the provider's record and the ledger, with both amounts and the difference. One card
// per finding, its amounts labelled beside each other: no table to scroll sideways on a phone.

const muted = 'text-slate-600 dark:text-slate-400';

export function ReconciliationFindings({ data }: { data: Finance['reconciliation'] }) {
  const zone = useAccountZone();
  if (!data.checkedAt || !data.provider) return <p className={muted}>{M.notReconciled}</p>;
  const when = shortDateTime(data.checkedAt, zone);
  const checked = <p className={`mb-3 text-sm ${muted}`}>{M.reconciledAt(when, data.provider)}</p>;
  if (data.findings.length === 0)
    return (
      <>
        {checked}
        <p data-testid="reconciliation-clean">{M.noFindings}</p>
      </>
    );
  return (
    <>
      {checked}
      <ul
        aria-label={M.findingsLabel}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      >
        {data.findings.map((finding) => {
          const money = (cents: number) => formatMoney(cents, finding.currency);
          const reference = [finding.name, finding.providerRef].filter(Boolean).join(' · ');
          return (
            <li
              key={`${finding.subject}-${finding.kind}-${finding.providerRef ?? finding.payoutId ?? finding.paymentId}`}
              className="space-y-2 p-3 sm:flex sm:items-start sm:justify-between sm:gap-4 sm:space-y-0"
            >
              <div className="min-w-0">
                <p className="font-medium">{M.findingKinds[finding.subject][finding.kind]}</p>
                <p className={`text-sm break-all ${muted}`}>{reference || '—'}</p>
              </div>
              <dl className="grid shrink-0 grid-cols-3 gap-3 text-sm sm:w-80">
                <Amount label={M.ledgerAmount}>{money(finding.ledgerCents)}</Amount>
                <Amount label={M.providerAmount}>{money(finding.providerCents)}</Amount>
                <Amount label={M.difference} strong>
                  {money(finding.differenceCents)}
                </Amount>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function Amount({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: string;
  strong?: boolean;
}) {
  return (
    <div className="text-right">
      <dt className={`text-xs ${muted}`}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold' : ''}`}>{children}</dd>
    </div>
  );
}
