import { AlertTriangle, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import type { getAdminOverview } from '../../../../contracts/admin.contract';
import type { EndpointOutput } from '../../../../contracts/endpoint';
import { ADMIN_SHELL_MESSAGES as M } from '../../../../domain/admin/admin-shell-messages';
import { paths } from '../../../lib/paths';

// The platform's three counts, as the sidebar and the overview show them: what each is called,
// where it is acted on and its icon. Each view picks its own order.

export type AdminCount = keyof EndpointOutput<typeof getAdminOverview>;

export const ADMIN_COUNTS: Record<
  AdminCount,
  { label: string; hint?: string; action: string; to: string; icon: LucideIcon }
> = {
  activeUsers: {
    label: M.activeUsers,
    hint: M.activeUsersHint,
    action: M.browseUsers,
    to: paths.admin.users,
    icon: Users,
  },
  pendingVerifications: {
    label: M.pendingVerifications,
    action: M.reviewApprovals,
    to: paths.admin.approvals,
    icon: ShieldCheck,
  },
  reportedIssues: {
    label: M.reportedIssues,
    action: M.reviewReports,
    to: paths.admin.reports,
    icon: AlertTriangle,
  },
};
