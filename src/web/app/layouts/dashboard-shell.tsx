import {
  BookOpen,
  CalendarDays,
  ClipboardList,
  ChevronsLeft,
  ChevronsRight,
  CreditCard,
  HelpCircle,
  Landmark,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageSquare,
  Package,
  Search,
  Settings,
  ShieldCheck,
  Flag,
  UserPen,
  Users,
  Wallet,
  X,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import type { UserRole } from '../../../domain/accounts/account-rules';
import { ADMIN_SHELL_MESSAGES as A } from '../../../domain/admin/admin-shell-messages';
import { FINANCE_MESSAGES } from '../../../domain/ledger/finance-messages';
import { DISCOVERY_MESSAGES } from '../../../domain/messages/discovery';
import { LESSON_HISTORY_MESSAGES } from '../../../domain/messages/lesson-history';

// Loaded only in the admin console: students and tutors never download the admin's code.
const AdminSidebarPanel = lazy(async () => ({
  default: (await import('../../features/admin/shell/admin-sidebar-panel')).AdminSidebarPanel,
}));
import { Brand } from '../../components/ui/brand';
import { SidebarSearch } from '../../components/ui/sidebar-search';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { useSession } from '../../lib/session';
import { initialsOf, useLogOut } from '../../lib/use-log-out';
import { AccountZoneNotice } from './account-zone-notice';
import { ProfileCompletionOverlay } from './profile-completion-overlay';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import { MessagesHeaderLink, MessagesNavBadge } from '../../features/messaging/messages-badges';
import { paths } from '../../lib/paths';
import { LiveEvents } from '../../lib/live-events';
import { useIsMobile } from '../../lib/use-media-query';

/** The sidebar's search (spec 3): a student's finds tutors, a tutor's their students. */
const SEARCH = {
  student: {
    label: DISCOVERY_MESSAGES.sidebarSearchLabel,
    placeholder: DISCOVERY_MESSAGES.sidebarSearch,
    to: paths.student.tutors,
  },
  tutor: {
    label: LESSON_HISTORY_MESSAGES.searchStudentsLabel,
    placeholder: LESSON_HISTORY_MESSAGES.searchStudents,
    to: paths.tutor.students,
  },
};

/** `unread`: the item shows the unread messages' count (the Messages item). */
type NavItem = { to: string; label: string; icon: LucideIcon; unread?: boolean };

// The sidebar's items per role, main and bottom. No badges (issue #14): the old app's numbers
// (Find Tutors 122, My Schedule 3, My Students 12, Messages 5) asked for no action, so the
// header's Notifications bell is the one place with a count of what is new.
// Messages (spec 3, issue #16) is the exception: its badge is the real number of unread
// messages, which asks for an answer.
const NAV: Record<UserRole, { main: NavItem[]; bottom: NavItem[] }> = {
  student: {
    main: [
      { to: paths.student.overview, label: 'Overview', icon: LayoutDashboard },
      { to: paths.student.tutors, label: 'Find Tutors', icon: Search },
      { to: paths.student.schedule, label: 'My Schedule', icon: CalendarDays },
      { to: paths.student.lessons, label: 'My Lessons', icon: BookOpen },
      { to: paths.student.messages, label: 'Messages', icon: MessageSquare, unread: true },
      { to: paths.student.billing, label: 'Billing', icon: CreditCard },
    ],
    bottom: [
      { to: paths.student.settings, label: 'Settings', icon: Settings },
      { to: paths.student.help, label: 'Help Center', icon: HelpCircle },
    ],
  },
  tutor: {
    main: [
      { to: paths.tutor.overview, label: 'Overview', icon: LayoutDashboard },
      { to: paths.tutor.schedule, label: 'My Schedule', icon: CalendarDays },
      { to: paths.tutor.lessons, label: 'My Lessons', icon: BookOpen },
      { to: paths.tutor.students, label: 'My Students', icon: Users },
      { to: paths.tutor.messages, label: 'Messages', icon: MessageSquare, unread: true },
      { to: paths.tutor.earnings, label: 'Earnings', icon: Wallet },
      { to: paths.tutor.packages, label: 'Packages', icon: Package },
      { to: paths.tutor.editProfile, label: 'My Profile', icon: UserPen },
    ],
    bottom: [
      { to: paths.tutor.settings, label: 'Settings', icon: Settings },
      { to: paths.tutor.help, label: 'Help Center', icon: HelpCircle },
    ],
  },
  // The admin console (issue #15). No Settings or Help Center: those pages are the student's
  // and tutor's (closing an account, payouts, lesson help), not an admin's.
  admin: {
    main: [
      { to: paths.admin.overview, label: A.nav.overview, icon: LayoutDashboard },
      { to: paths.admin.approvals, label: A.nav.approvals, icon: ShieldCheck },
      { to: paths.admin.reports, label: A.nav.reports, icon: Flag },
      { to: paths.admin.users, label: A.nav.users, icon: Users },
      { to: paths.admin.audit, label: A.nav.audit, icon: ClipboardList },
      { to: paths.admin.finance, label: FINANCE_MESSAGES.nav, icon: Landmark },
    ],
    bottom: [],
  },
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function NavList({
  items,
  collapsed,
  onNavigate,
}: {
  items: NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="space-y-1">
      {items.map(({ to, label, icon: Icon, unread }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              `relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                isActive
                  ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              } ${collapsed ? 'justify-center' : ''}`
            }
          >
            <Icon aria-hidden className="h-5 w-5 shrink-0" />
            <span className={collapsed ? 'sr-only' : ''}>{label}</span>
            {unread && <MessagesNavBadge compact={collapsed} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The student, tutor and admin areas: sidebar (280 / 80 px, a drawer under 768 px) and header.
 * The admin's sidebar adds the search box and the platform counts (spec 3).
 */
export function DashboardShell({ role }: { role: UserRole }) {
  const { user } = useSession();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLElement>(null);
  // A phone has the drawer instead: the sidebar is not built there.
  const isMobile = useIsMobile();
  const nav = NAV[role];

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a,button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const logOut = useLogOut();

  const initials = initialsOf(user);
  const sidebar = (isDrawer: boolean) => {
    const compact = collapsed && !isDrawer;
    return (
      <div className="flex h-full flex-col gap-4 p-3">
        <div
          className={`flex items-center ${compact ? 'justify-center' : 'justify-between'} px-1 py-2`}
        >
          <Brand compact={compact} />
          {isDrawer && (
            <button
              type="button"
              aria-label="Close menu"
              className="rounded p-1"
              onClick={() => setDrawerOpen(false)}
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
          )}
        </div>
        {role !== 'admin' && !compact && (
          <SidebarSearch
            {...SEARCH[role]}
            onNavigate={isDrawer ? () => setDrawerOpen(false) : undefined}
          />
        )}
        {role === 'admin' && !compact && (
          // A search from the users page keeps the path, which would leave the drawer open.
          <Suspense fallback={null}>
            <AdminSidebarPanel onNavigate={isDrawer ? () => setDrawerOpen(false) : undefined} />
          </Suspense>
        )}
        <nav aria-label="Main" className="flex-1 overflow-y-auto">
          <NavList items={nav.main} collapsed={compact} />
        </nav>
        {nav.bottom.length > 0 && (
          <nav aria-label="Account">
            <NavList items={nav.bottom} collapsed={compact} />
          </nav>
        )}
        <div
          className={`flex items-center gap-3 border-t border-slate-200 pt-3 dark:border-slate-800 ${compact ? 'flex-col' : ''}`}
        >
          {user?.avatarUrl ? (
            <img src={user.avatarUrl} alt="" className="h-9 w-9 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200"
            >
              {initials}
            </span>
          )}
          {!compact && (
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">
                {user?.firstName} {user?.lastName}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400" title={user?.email}>
                {clip(user?.email ?? '', 18)}
              </p>
            </div>
          )}
          <button
            type="button"
            onClick={logOut}
            aria-label="Log out"
            title="Log out"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <LogOut aria-hidden className="h-5 w-5" />
          </button>
        </div>
      </div>
    );
  };

  return (
    // The tab's one live socket: messages and read receipts, the header's unread counts, an
    // admin's counts changing.
    <LiveEvents>
      <div className="flex min-h-screen">
        {!isMobile && (
          <aside
            className={`sticky top-0 h-screen shrink-0 border-r border-slate-200 bg-white transition-[width] print:hidden dark:border-slate-800 dark:bg-slate-900 ${
              collapsed ? 'w-20' : 'w-[280px]'
            }`}
          >
            {sidebar(false)}
          </aside>
        )}
        {drawerOpen && (
          <div className="fixed inset-0 z-40 md:hidden print:hidden">
            <div
              className="absolute inset-0 bg-slate-900/50"
              aria-hidden
              onClick={() => setDrawerOpen(false)}
            />
            <aside
              ref={drawerRef}
              role="dialog"
              aria-modal="true"
              aria-label="Menu"
              className="absolute inset-y-0 left-0 w-[280px] bg-white dark:bg-slate-900"
            >
              {sidebar(true)}
            </aside>
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur print:hidden dark:border-slate-800 dark:bg-slate-900/90">
            <button
              type="button"
              aria-label="Open menu"
              className="rounded-lg p-2 md:hidden"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu aria-hidden className="h-5 w-5" />
            </button>
            <button
              type="button"
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              className="hidden rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:inline-flex dark:text-slate-300 dark:hover:bg-slate-800"
              onClick={() => setCollapsed((value) => !value)}
            >
              {collapsed ? (
                <ChevronsRight aria-hidden className="h-5 w-5" />
              ) : (
                <ChevronsLeft aria-hidden className="h-5 w-5" />
              )}
            </button>
            <div className="flex-1" />
            {role !== 'admin' && <MessagesHeaderLink role={role} />}
            {role !== 'admin' && <NotificationsBell role={role} />}
            <ThemeToggle />
          </header>
          <main className="relative flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
            <div className="print:hidden">
              <AccountZoneNotice />
            </div>
            <Outlet />
            {role === 'tutor' && <ProfileCompletionOverlay />}
          </main>
        </div>
      </div>
    </LiveEvents>
  );
}
