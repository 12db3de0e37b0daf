import { useId } from 'react';
import { Link } from 'react-router';
import { ADMIN_SHELL_MESSAGES as M } from '../../../../domain/admin/admin-shell-messages';
import { SidebarSearch } from '../../../components/ui/sidebar-search';
import { paths } from '../../../lib/paths';
import { ADMIN_COUNTS } from './admin-counts';
import { useAdminOverview } from './admin-shell-api';

// The admin's sidebar variant (spec 3): a search over users and tutors, and the platform's
// three counts, each a link to where it is acted on. Hidden when the sidebar is collapsed.

export function AdminSidebarPanel({ onNavigate }: { onNavigate?: () => void }) {
  const overview = useAdminOverview();
  // The panel shows twice on a phone (sidebar and drawer): ids of its own each time.
  const id = useId();

  const counts = (['activeUsers', 'pendingVerifications', 'reportedIssues'] as const).map(
    (key) => ({ ...ADMIN_COUNTS[key], value: overview.data?.[key] }),
  );

  return (
    <div className="space-y-4">
      <SidebarSearch
        label={M.searchLabel}
        placeholder={M.searchPlaceholder}
        to={paths.admin.users}
        onNavigate={onNavigate}
      />
      <section aria-labelledby={`${id}-counts`}>
        <h2
          id={`${id}-counts`}
          className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
        >
          {M.countsHeading}
        </h2>
        {overview.isError && (
          <p className="px-1 pt-1 text-xs text-slate-500 dark:text-slate-400">{M.countsFailed}</p>
        )}
        <ul className="mt-1 space-y-1" aria-busy={overview.isPending}>
          {counts.map(({ label, hint, value, to, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                onClick={onNavigate}
                title={hint}
                className="flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <Icon aria-hidden className="h-4 w-4 shrink-0" />
                <span className="flex-1">{label}</span>{' '}
                <span className="font-semibold tabular-nums">{value ?? '–'}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
