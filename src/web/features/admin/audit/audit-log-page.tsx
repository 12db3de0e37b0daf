import { ClipboardList } from 'lucide-react';
import { ADMIN_SHELL_MESSAGES as M } from '../../../../domain/admin/admin-shell-messages';
import { useAccountZone } from '../../../lib/account-zone';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { Pagination } from '../../../components/ui/pagination';
import { usePageParam } from '../../../lib/use-page-param';
import { useAuditLog } from '../shell/admin-shell-api';
import { AuditEntry } from './audit-entry';

/** /admin/audit: every admin action, newest first, a server page at a time (?page=). */
export function AuditLogPage() {
  const [page, setPage] = usePageParam();
  const audit = useAuditLog(page);
  const zone = useAccountZone();

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{M.auditTitle}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{M.auditIntro}</p>
      </header>
      {audit.isPending ? (
        <LoadingSkeleton label={M.auditTitle} rows={5} />
      ) : audit.isError ? (
        <ErrorPanel message={M.loadFailed} onRetry={() => void audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <EmptyState icon={ClipboardList} title={M.noActivity} hint={M.auditIntro} />
      ) : (
        <>
          <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className="p-4">
                <AuditEntry entry={entry} zone={zone} />
              </li>
            ))}
          </ol>
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">
            {M.pageOf(audit.data.page, audit.data.totalPages)}
          </p>
          <Pagination page={audit.data.page} totalPages={audit.data.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
