import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { paths } from '../../lib/paths';
import { useUnreadMessages } from './messaging-api';

// The unread count where the dashboard shows it (issue #16): the sidebar's Messages item and
// the header's Messages link. Both read one cached count; the live socket invalidates it.

/** The unread number on a row or a nav item: the digits for the eye, the words for a reader. */
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      role="img"
      aria-label={M.unread(count)}
      className={`grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1.5 text-xs leading-none font-semibold text-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The sidebar item's badge; nothing at 0. `compact`: a corner dot-badge on the icon. */
export function MessagesNavBadge({ compact }: { compact: boolean }) {
  const unread = useUnreadMessages().data ?? 0;
  return (
    <UnreadBadge
      count={unread}
      className={compact ? 'absolute -top-1 right-1 h-4 min-w-4 px-1 text-[10px]' : 'ml-auto'}
    />
  );
}

/** The header's Messages link beside the bell, its name saying the count. */
export function MessagesHeaderLink({ role }: { role: 'student' | 'tutor' }) {
  const unread = useUnreadMessages().data ?? 0;
  return (
    <Link
      to={paths[role].messages}
      aria-label={M.headerLink(unread)}
      className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <MessageSquare aria-hidden className="h-5 w-5" />
      <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5" />
    </Link>
  );
}
