import { Flag } from 'lucide-react';
import { useState } from 'react';
import type { ReportListFilter } from '../../../../contracts/reports.contract';
import { REPORT_MESSAGES as M } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { ModerationDialog, type ModerationAction } from './moderation-dialog';
import { ReportItem } from './report-item';
import { useAdminReports, useDismissReport, useHideReview, useRestoreReview } from './reports-api';

const FILTERS: { value: ReportListFilter; label: string }[] = [
  { value: 'open', label: M.tabOpen },
  { value: 'resolved', label: M.tabResolved },
];

/** The server's words for a refusal it explains (already resolved, already hidden). */
const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.code !== 'NETWORK'
    ? error.message
    : M.actionFailed;

/** The admin's reports (/admin/reports): open ones oldest first, to act on; resolved ones after. */
export function AdminReportsPage() {
  const [filter, setFilter] = useState<ReportListFilter>('open');
  const reports = useAdminReports(filter);
  const dismiss = useDismissReport();
  const hide = useHideReview();
  const restore = useRestoreReview();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const busy = dismiss.isPending || hide.isPending || restore.isPending;

  const open = (next: ModerationAction) => {
    setActionError(null);
    setAction(next);
  };
  const confirm = (text: string) => {
    if (!action) return;
    const done = (message: string) => () => {
      notify.success(message);
      setAction(null);
    };
    const failed = (error: unknown) => setActionError(messageOf(error));
    if (action.kind === 'dismiss')
      dismiss.mutate(
        { reportId: action.reportId, note: text },
        { onSuccess: done(M.dismissed), onError: failed },
      );
    else if (action.reviewId)
      hide.mutate(
        { reviewId: action.reviewId, reason: text, reportId: action.reportId },
        { onSuccess: done(M.hidden), onError: failed },
      );
  };

  const list = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <h1 className="text-2xl font-bold">{M.pageTitle}</h1>
      <div
        role="group"
        aria-label={M.filterLabel}
        className="inline-flex rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900"
      >
        {FILTERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:text-slate-200"
          >
            {label}
          </button>
        ))}
      </div>
      {reports.isPending ? (
        <LoadingSkeleton label={M.pageTitle} />
      ) : reports.isError ? (
        <ErrorPanel
          message={M.loadFailed}
          retryLabel={M.retry}
          onRetry={() => void reports.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState icon={Flag} title={filter === 'open' ? M.noOpen : M.noResolved} hint="" />
      ) : (
        <ul className="space-y-4" aria-label={M.pageTitle}>
          {list.map((report) => (
            <ReportItem
              key={report.id}
              report={report}
              busy={busy}
              onDismiss={() => open({ kind: 'dismiss', reportId: report.id })}
              onHide={() =>
                open({ kind: 'hide', reportId: report.id, reviewId: report.review?.id })
              }
              onRestore={() =>
                report.review &&
                restore.mutate(report.review.id, {
                  onSuccess: () => notify.success(M.restored),
                  onError: (error) => notify.error(messageOf(error)),
                })
              }
            />
          ))}
        </ul>
      )}
      {reports.hasNextPage && (
        <Button
          variant="secondary"
          disabled={reports.isFetchingNextPage}
          onClick={() => void reports.fetchNextPage()}
        >
          {M.showMore}
        </Button>
      )}
      <ModerationDialog
        action={action}
        pending={busy}
        error={actionError}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
