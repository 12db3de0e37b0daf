import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { MessageView } from '../../../contracts/messaging.contract';
import { useMarkRead } from './messaging-api';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const isVisible = () => document.visibilityState === 'visible';

/**
 * Marks the thread read up to its newest message while it has unread ones and the tab is visible: the other
 * then sees 'Seen', and the badges drop. Each seq is sent once; a later message sends again.
 */
export function useMarkThreadRead(
  conversationId: string,
  messages: MessageView[],
  viewerId: string,
) {
  const { mutate: markRead } = useMarkRead(conversationId);
  const visible = useSyncExternalStore(subscribe, isVisible);
  const marked = useRef(0);
  const hasUnread = messages.some(
    (message) =>
      message.senderId !== viewerId && message.readAt === null && message.seq > marked.current,
  );
  const newestSeq = messages.at(-1)?.seq;

  useEffect(() => {
    if (!visible || !hasUnread || newestSeq === undefined) return;
    marked.current = newestSeq;
    markRead(newestSeq);
  }, [visible, hasUnread, newestSeq, markRead]);
}
