import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_SHELL_MESSAGES as M } from '../../../../domain/admin/admin-shell-messages';
import { useAccountZone } from '../../../lib/account-zone';
import { ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { TitledCard } from '../../../components/ui/titled-card';
import { paths } from '../../../lib/paths';
import { AuditEntry } from '../audit/audit-entry';
import { ADMIN_COUNTS } from '../shell/admin-counts';
import { useAdminOverview, useAuditLog } from '../shell/admin-shell-api';

const RECENT = 5;

function CountCard({
  label,
  value,
  action,
  to,
  icon: Icon,
}: {
  label: string;
  value: number;
  action: string;
  to: string;
  icon: LucideIcon;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Icon aria-hidden className="h-4 w-4" />
        <h2>{label}</h2>
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums">{value}</p>
      <Link
        to={to}
        className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
      >
        {action}
      </Link>
    </li>
  );
}

/** /admin/overview: the three counts, each leading to its page, and the latest admin actions. */
export function AdminOverviewPage() {
  const overview = useAdminOverview();
  const audit = useAuditLog(1);
  const zone = useAccountZone();
  const recent = audit.data?.entries.slice(0, RECENT) ?? [];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{M.overviewTitle}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{M.overviewIntro}</p>
      </header>
      {overview.isPending ? (
        <LoadingSkeleton label={M.countsLoading} rows={1} />
      ) : overview.isError ? (
        <ErrorPanel message={M.loadFailed} onRetry={() => void overview.refetch()} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-3">
          {(['pendingVerifications', 'reportedIssues', 'activeUsers'] as const).map((key) => (
            <CountCard key={key} {...ADMIN_COUNTS[key]} value={overview.data[key]} />
          ))}
        </ul>
      )}
      <TitledCard titleId="recent-admin-activity" title={M.recentActivity}>
        {audit.isPending ? (
          <LoadingSkeleton label={M.recentActivity} rows={2} />
        ) : audit.isError ? (
          <ErrorPanel message={M.loadFailed} onRetry={() => void audit.refetch()} />
        ) : recent.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{M.noActivity}</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {recent.map((entry) => (
              <li key={entry.id} className="py-3">
                <AuditEntry entry={entry} zone={zone} />
              </li>
            ))}
          </ol>
        )}
        <Link
          to={paths.admin.audit}
          className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {M.seeFullAudit}
        </Link>
      </TitledCard>
    </div>
  );
}
