import type { ConversationView } from '../../../contracts/messaging.contract';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { NavLink } from 'react-router';
import { useAccountZone } from '../../lib/account-zone';
import { PersonAvatar } from '../../components/ui/person-avatar';
import { paths } from '../../lib/paths';
import { inboxTime } from './message-time';
import { UnreadBadge } from './messages-badges';

type Role = 'student' | 'tutor';

function ConversationRow({
  conversation,
  role,
  viewerId,
  now,
  zone,
}: {
  conversation: ConversationView;
  role: Role;
  viewerId: string;
  now: Date;
  zone: string;
}) {
  const { counterpart, lastMessage, unread } = conversation;
  const blocked = conversation.blockedByMe || conversation.blockedByThem;
  return (
    <li>
      <NavLink
        to={paths.conversation(role, conversation.id)}
        className={({ isActive }) =>
          `flex items-center gap-3 px-3 py-3 hover:bg-slate-50 dark:hover:bg-slate-800 ${
            isActive ? 'bg-indigo-50 dark:bg-indigo-950' : ''
          }`
        }
      >
        <PersonAvatar name={counterpart.name} avatarUrl={counterpart.avatarUrl} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${unread > 0 ? 'font-bold' : 'font-semibold'}`}>
              {counterpart.name}
            </span>
            {lastMessage && (
              <time
                dateTime={lastMessage.sentAt}
                className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
              >
                {inboxTime(lastMessage.sentAt, now, zone)}
              </time>
            )}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span
              className={`min-w-0 flex-1 truncate text-sm ${
                unread > 0
                  ? 'font-medium text-slate-900 dark:text-slate-100'
                  : 'text-slate-600 dark:text-slate-400'
              }`}
            >
              {lastMessage
                ? `${lastMessage.senderId === viewerId ? M.you : ''}${lastMessage.body}`
                : M.noMessagesYet}
            </span>
            {blocked && (
              <span className="shrink-0 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                {M.blocked}
              </span>
            )}
            <UnreadBadge count={unread} className="shrink-0" />
          </span>
        </span>
      </NavLink>
    </li>
  );
}

/** The inbox: one row per conversation, the most recent first. */
export function ConversationList({
  conversations,
  role,
  viewerId,
}: {
  conversations: ConversationView[];
  role: Role;
  viewerId: string;
}) {
  const zone = useAccountZone();
  const now = new Date();
  return (
    <ul aria-label={M.conversations} className="divide-y divide-slate-100 dark:divide-slate-800">
      {conversations.map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          role={role}
          viewerId={viewerId}
          now={now}
          zone={zone}
        />
      ))}
    </ul>
  );
}
