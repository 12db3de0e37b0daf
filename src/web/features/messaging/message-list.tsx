import { Fragment, useLayoutEffect, useRef } from 'react';
import type { MessageView } from '../../../contracts/messaging.contract';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { useAccountZone } from '../../lib/account-zone';
import { Button } from '../../components/ui/button';
import { localDateKey } from '../../lib/lesson-time';
import { MessageBubble, PendingBubble } from './message-bubble';
import { daySeparator } from './message-time';

/** Near enough to the bottom that a new message should scroll into view. */
const STICK_PX = 80;
/** Near enough to the top that older messages load on their own. */
const LOAD_PX = 40;

/** The viewer's latest message, when the other has read it: it carries the 'Seen'. */
function seenMessageId(messages: MessageView[], viewerId: string): string | null {
  const latest = messages.findLast((message) => message.senderId === viewerId);
  return latest?.readAt ? latest.id : null;
}

/**
 * The thread: oldest at the top, newest at the bottom, a line between days. It opens at the
 * bottom and follows new messages while the reader is there; loading earlier messages (the
 * button, or scrolling to the top) keeps what the reader looks at in place.
 */
export function MessageList({
  messages,
  pending,
  viewerId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onReport,
}: {
  messages: MessageView[];
  pending: string | null;
  viewerId: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onReport: (message: MessageView) => void;
}) {
  const zone = useAccountZone();
  const now = new Date();
  const scroller = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before older messages were asked for (null: not loading them). */
  const fromBottom = useRef<number | null>(null);
  const atBottom = useRef(true);
  const seenId = seenMessageId(messages, viewerId);
  const oldestId = messages[0]?.id;
  const newestId = messages.at(-1)?.id;

  const loadOlder = () => {
    const element = scroller.current;
    if (!hasOlder || loadingOlder || !element) return;
    fromBottom.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (atBottom.current || pending !== null) {
      element.scrollTop = element.scrollHeight;
    }
  }, [oldestId, newestId, pending]);

  return (
    <div
      ref={scroller}
      className="flex-1 overflow-y-auto px-3 py-4 sm:px-5"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
        if (element.scrollTop < LOAD_PX) loadOlder();
      }}
    >
      {hasOlder && (
        <div className="mb-4 text-center">
          <Button variant="ghost" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? M.loadingEarlier : M.loadEarlier}
          </Button>
        </div>
      )}
      {messages.length === 0 && pending === null ? (
        <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-400">
          {M.noMessagesYet}
        </p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message, index) => {
            const day = localDateKey(message.sentAt, zone);
            const newDay = index === 0 || localDateKey(messages[index - 1]!.sentAt, zone) !== day;
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <li className="flex items-center gap-3 py-1" data-testid="day-separator">
                    <span aria-hidden className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
                    <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
                      {daySeparator(message.sentAt, now, zone)}
                    </span>
                    <span aria-hidden className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
                  </li>
                )}
                <MessageBubble
                  message={message}
                  own={message.senderId === viewerId}
                  seen={message.id === seenId}
                  zone={zone}
                  onReport={onReport}
                />
              </Fragment>
            );
          })}
          {pending !== null && <PendingBubble body={pending} />}
        </ol>
      )}
    </div>
  );
}
