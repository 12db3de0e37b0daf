import { FINANCE_MESSAGES as M } from '../../../../domain/ledger/finance-messages';
import { formatMoney } from '../../../../domain/money';
import type { Finance } from './finance-api';

// The latest daily reconciliation: when it ran, against which provider, and every mismatch
// between the provider's record and the ledger, with both amounts and the difference.

const muted = 'text-slate-600 dark:text-slate-400';
const cell = 'px-3 py-2 text-left';

export function ReconciliationFindings({ data }: { data: Finance['reconciliation'] }) {
  if (!data.checkedAt || !data.provider) return <p className={muted}>{M.notReconciled}</p>;
  const when = new Date(data.checkedAt).toLocaleString('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
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
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={cell}>{M.findingKind}</th>
              <th className={cell}>{M.findingReference}</th>
              <th className={`${cell} text-right`}>{M.ledgerAmount}</th>
              <th className={`${cell} text-right`}>{M.providerAmount}</th>
              <th className={`${cell} text-right`}>{M.difference}</th>
            </tr>
          </thead>
          <tbody>
            {data.findings.map((finding) => {
              const money = (cents: number) => formatMoney(cents, finding.currency);
              return (
                <tr
                  key={`${finding.subject}-${finding.kind}-${finding.providerRef ?? finding.payoutId ?? finding.paymentId}`}
                  className="border-t border-slate-200 dark:border-slate-800"
                >
                  <td className={cell}>{M.findingKinds[finding.subject][finding.kind]}</td>
                  <td className={`${cell} break-all`}>
                    {[finding.name, finding.providerRef].filter(Boolean).join(' · ') || '—'}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {money(finding.ledgerCents)}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {money(finding.providerCents)}
                  </td>
                  <td className={`${cell} text-right font-semibold tabular-nums`}>
                    {money(finding.differenceCents)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
