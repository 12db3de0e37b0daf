import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationView } from '../../../contracts/notifications.contract';
import type { Role } from '../../../domain/accounts/account-rules';
import { NOTIFICATION_MESSAGES as N } from '../../../domain/notifications/notification-messages';
import { useAccountZone } from '../../lib/account-zone';
import { Spinner } from '../../components/ui/spinner';
import { useDismiss } from '../../lib/use-dismiss';
import { useMarkRead, useNotificationList, useUnreadCount } from './notifications-api';
import { exactTime, linkOf, textOf, timeAgo } from './notification-view';

// The header's bell: the unread count as a badge (none at 0, and said in the button's name),
// and a panel with the notifications, newest first — under the bell from 768 px, across the
// screen below the header (61 px tall) on a phone. Opening one marks it read and goes where
// it leads.

function NotificationItem({
  notification,
  role,
  zone,
  now,
  onOpen,
}: {
  notification: NotificationView;
  role: Role;
  zone: string;
  now: Date;
  onOpen: (notification: NotificationView) => void;
}) {
  const unread = notification.readAt === null;
  return (
    <li>
      <Link
        to={linkOf(notification, role)}
        onClick={() => onOpen(notification)}
        className={`flex gap-3 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800 ${
          unread ? 'bg-indigo-50/60 dark:bg-indigo-950/40' : ''
        }`}
      >
        <span
          aria-hidden
          className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent'}`}
        />
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">{N.unread}: </span>}
          <span className="block text-slate-800 dark:text-slate-100">
            {textOf(notification, role, zone)}
          </span>
          <time
            dateTime={notification.createdAt}
            title={exactTime(notification.createdAt, zone)}
            className="mt-1 block text-xs text-slate-500 dark:text-slate-400"
          >
            {timeAgo(notification.createdAt, now, zone)}
          </time>
        </span>
      </Link>
    </li>
  );
}

function NotificationsPanel({
  id,
  headingId,
  role,
  onClose,
}: {
  id: string;
  headingId: string;
  role: Role;
  onClose: () => void;
}) {
  const list = useNotificationList(true);
  const { one, all } = useMarkRead();
  const zone = useAccountZone();
  const now = new Date();
  const pages = list.data?.pages ?? [];
  const notifications = pages.flatMap((page) => page.notifications);
  const unread = pages[0]?.unread ?? 0;

  const open = (notification: NotificationView) => {
    if (notification.readAt === null) one.mutate(notification.id);
    onClose();
  };

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="fixed inset-x-0 top-[61px] z-40 flex max-h-[calc(100vh-61px)] flex-col border-b border-slate-200 bg-white shadow-lg md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-2 md:max-h-[70vh] md:w-96 md:rounded-xl md:border dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <h2 id={headingId} tabIndex={-1} className="text-base font-semibold outline-none">
          {N.title}
        </h2>
        <button
          type="button"
          onClick={() => all.mutate()}
          disabled={unread === 0 || all.isPending}
          className="rounded px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400 disabled:hover:bg-transparent dark:text-indigo-300 dark:hover:bg-indigo-950 dark:disabled:text-slate-500"
        >
          {N.markAllRead}
        </button>
      </div>
      <div className="overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-300">
            {N.loadFailed}
          </p>
        ) : notifications.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300">{N.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                role={role}
                zone={zone}
                now={now}
                onOpen={open}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="border-t border-slate-200 p-2 text-center dark:border-slate-700">
            <button
              type="button"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              className="rounded px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
            >
              {N.showMore}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

export function NotificationsBell({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const panelId = useId();
  const headingId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) document.getElementById(headingId)?.focus();
  }, [open, headingId]);
  // Escape or a press outside the bell and its panel closes it; Escape gives the bell the focus.
  useDismiss(open, wrapper, (how) => {
    setOpen(false);
    if (how === 'escape') button.current?.focus();
  });

  return (
    <div ref={wrapper} className="md:relative">
      <button
        ref={button}
        type="button"
        aria-label={N.bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden className="h-5 w-5" />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs leading-none font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <NotificationsPanel
          id={panelId}
          headingId={headingId}
          role={role}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
