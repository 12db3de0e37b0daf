import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import type { ApprovalItem } from '../../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../../domain/admin/approval-messages';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { Pagination } from '../../../components/ui/pagination';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { ApprovalReview } from './approval-review';
import { useApprovalQueue, useDecide, type DecisionRequest } from './approvals-api';
import { useDateTime } from './dates';
import { RejectDialog } from './reject-dialog';

/** The entry shown after `decided` leaves the queue: the one that followed it, else the one before. */
function nextAfter(items: ApprovalItem[], decided: string): string | null {
  const index = items.findIndex((item) => item.profileId === decided);
  const rest = items.filter((item) => item.profileId !== decided);
  return (rest[index] ?? rest[index - 1] ?? rest[0])?.profileId ?? null;
}

/**
 * The tutor approval queue (/admin/approvals): pending profiles oldest first; the chosen one is
 * shown whole, as students will see it, with Approve and Reject. A decided profile leaves the
 * list, a toast confirms, and the next one is shown.
 */
export function ApprovalsPage() {
  const [page, setPage] = useState(1);
  const dateTime = useDateTime();
  const queue = useApprovalQueue(page);
  const decide = useDecide();
  const [selected, setSelected] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const items = queue.data?.items ?? [];
  const current = items.find((item) => item.profileId === selected) ?? items[0];

  const run = (request: DecisionRequest, done: string) => {
    const next = nextAfter(items, request.profileId);
    decide.mutate(request, {
      onSuccess: () => {
        setRejecting(false);
        setSelected(next);
        notify.success(done);
      },
      onError: (error) => notify.error(messageOf(error, M.decideFailed)),
    });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.intro}</p>
      </div>
      {queue.isPending ? (
        <LoadingSkeleton label={M.queueLabel} />
      ) : queue.isError ? (
        <ErrorPanel message={M.loadFailed} onRetry={() => void queue.refetch()} />
      ) : !current ? (
        <EmptyState icon={ClipboardCheck} title={M.empty} hint={M.intro} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[18rem_1fr]">
          <nav aria-label={M.queueLabel} className="space-y-3">
            <ol className="space-y-2">
              {items.map((item) => {
                const isCurrent = item.profileId === current.profileId;
                return (
                  <li key={item.profileId}>
                    <button
                      type="button"
                      aria-current={isCurrent ? 'true' : undefined}
                      onClick={() => setSelected(item.profileId)}
                      className={`w-full rounded-lg border px-3 py-2 text-left text-sm focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${
                        isCurrent
                          ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                          : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800'
                      }`}
                    >
                      <span className="block font-medium break-words">{item.profile.name}</span>
                      <span className="block text-slate-600 dark:text-slate-400">
                        {M.submitted(dateTime(item.submittedAt))}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <Pagination
              page={queue.data.page}
              totalPages={queue.data.totalPages}
              onPage={(next) => {
                setPage(next);
                setSelected(null);
              }}
            />
          </nav>
          <ApprovalReview
            key={current.profileId}
            item={current}
            deciding={decide.isPending}
            onApprove={() =>
              run(
                { profileId: current.profileId, decision: 'approve' },
                M.approved(current.profile.name),
              )
            }
            onReject={() => setRejecting(true)}
          />
          <RejectDialog
            key={`reject-${current.profileId}`}
            tutorName={current.profile.name}
            open={rejecting}
            pending={decide.isPending}
            onClose={() => setRejecting(false)}
            onReject={(input) =>
              run(
                { profileId: current.profileId, decision: 'reject', input },
                M.rejected(current.profile.name),
              )
            }
          />
        </div>
      )}
    </div>
  );
}
