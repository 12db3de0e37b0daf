import type { AdminUserRow } from '../../../../contracts/admin-users.contract';
import { ADMIN_USERS_MESSAGES as M } from '../../../../domain/messages';
import { useAccountZone } from '../../../lib/account-zone';
import { shortDate, shortDateTime } from '../../../lib/lesson-time';

// How the users pages show a status, a role and a date: one look on the list and the user page.

const statusColours = {
  active:
    'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-900',
  suspended:
    'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-900',
  closed:
    'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
} as const;

export function StatusBadge({ status }: { status: AdminUserRow['status'] }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusColours[status]}`}
    >
      {M.statuses[status]}
    </span>
  );
}

/** A tutor's profile approval, or a dash for everyone else. */
export const approvalLabel = (row: Pick<AdminUserRow, 'approvalStatus'>) =>
  row.approvalStatus ? M.approvals[row.approvalStatus] : M.noApproval;

/** Days and moments in the reader's own locale and account zone ('Mar 9, 2030', '…, 3:00 PM'). */
export function useAdminDates() {
  const zone = useAccountZone();
  return {
    formatDay: (iso: string | null) => (iso ? shortDate(iso, zone) : M.never),
    formatMoment: (iso: string) => shortDateTime(iso, zone),
  };
}
