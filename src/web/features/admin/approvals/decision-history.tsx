import type { ApprovalDecision } from '../../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../../domain/admin/approval-messages';
import { useDateTime } from './dates';

/** Every decision on a profile, newest first: who, when, what, why. */
export function DecisionHistory({
  history,
  titleId,
}: {
  history: ApprovalDecision[];
  titleId: string;
}) {
  const dateTime = useDateTime();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-semibold">
        {M.history}
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{M.noHistory}</p>
      ) : (
        <ol className="space-y-2">
          {history.map((entry) => (
            <li
              key={`${entry.createdAt}-${entry.decision}`}
              className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <p className="font-medium">
                {M.decisionBy(
                  M.decisions[entry.decision],
                  entry.admin ?? '',
                  dateTime(entry.createdAt),
                )}
              </p>
              {entry.reasonLabel && <p>{entry.reasonLabel}</p>}
              {entry.note && (
                <p className="mt-1 whitespace-pre-line text-slate-600 dark:text-slate-300">
                  {entry.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
