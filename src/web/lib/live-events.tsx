import {
  hashKey,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import {
  LIVE_CLOSE_CODES,
  LIVE_PATH,
  LIVE_RECONNECT_NOW,
  liveEvent,
  type LiveEvent,
  type MessageView,
} from '../../contracts/messaging.contract';
import { queryKeys } from './query-keys';

// One WebSocket per signed-in tab (issue #16). The server pushes what happened; this keeps the
// messaging caches in step. Whenever the socket (re)opens the server says `ready`, with the
// header's unread counts, and every other messaging query is refetched, so what happened while
// the tab was away is never lost; in between, a new message is merged into its conversation's
// cached messages.
//
// The cache under queryKeys.messaging.messages(id) is either one page of listMessages
// ({ messages, hasOlder }, oldest first) or useInfiniteQuery's pages of those: both are
// updated in place; a query not in the cache is left to be fetched when shown.

/**
 * idle: no socket yet in this tab; connecting: the first attempt; live: the server said ready;
 * stopped: not signed in, or resting.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'stopped';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;
/**
 * A socket that has not said `ready` by then is given up and tried again: a handshake a proxy
 * holds open, or a server that never answers, would otherwise leave the tab without live events
 * and its badges without counts (they wait for `ready` while connecting) until the browser gives
 * up, minutes later.
 */
export const READY_WITHIN_MS = 10_000;

/**
 * The wait before reconnect attempt `attempt` (0 first): doubling up to 10 s, each between half
 * and all of it, so tabs dropped together by a restart do not all return at the same moment.
 */
export function retryDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

interface LiveHandlers {
  onEvent(event: LiveEvent): void;
  onStatus(status: LiveStatus): void;
  /**
   * The server refused the tab at connect time for good (4401 signed out, 4403 no messaging):
   * no retry. Not called when a live session ends (`session-ended`): the page decides then.
   */
  onRefused(code: number): void;
}

const frameListeners = new Set<(frame: unknown) => void>();

/**
 * Hears every frame of this tab's live socket, parsed as JSON but not checked (`ready` and
 * messaging's events included): features with their own events check them with their contract.
 */
export function subscribeLiveFrames(listener: (frame: unknown) => void) {
  frameListeners.add(listener);
  return () => void frameListeners.delete(listener);
}

/** Keeps a socket to `url` open until stopped: reconnects with backoff, at once when online. */
export function connectLive(url: string, handlers: LiveHandlers) {
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  /** The session ended while live: refusals since are expected, never acted on. */
  let sessionEnded = false;

  let overdue: ReturnType<typeof setTimeout> | undefined;

  const retryLater = (wait: number) => {
    handlers.onStatus('reconnecting');
    retry = setTimeout(open, wait);
  };

  const open = () => {
    clearTimeout(retry);
    retry = undefined;
    handlers.onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const current = new WebSocket(url);
    socket = current;
    overdue = setTimeout(() => {
      current.onmessage = null;
      current.onclose = null;
      current.close();
      socket = undefined;
      retryLater(retryDelay(attempt++));
    }, READY_WITHIN_MS);
    current.onmessage = (message) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(message.data));
      } catch {
        return;
      }
      // Other features' events (the classroom's) travel on the same socket.
      frameListeners.forEach((listener) => listener(frame));
      const parsed = liveEvent.safeParse(frame);
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') {
        clearTimeout(overdue);
        attempt = 0;
        sessionEnded = false;
        handlers.onStatus('live');
      }
      if (parsed.data.type === 'session-ended') sessionEnded = true;
      handlers.onEvent(parsed.data);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      clearTimeout(overdue);
      socket = undefined;
      if (stopped) return;
      // Resting, not stopped: a newer tab took this one's place, or the session ended under a
      // page that may be ending it itself (signing out, deleting the account) or signing in
      // anew (a password change). Nothing is reloaded and nobody is sent anywhere from here;
      // the tab connects again when it is shown again or back online.
      const resting =
        event.code === LIVE_CLOSE_CODES.tooManyTabs ||
        (sessionEnded && event.code === LIVE_CLOSE_CODES.unauthenticated);
      if (resting) {
        handlers.onStatus('stopped');
        return;
      }
      const refused = Object.values<number>(LIVE_CLOSE_CODES).includes(event.code);
      if (refused) {
        stopped = true;
        handlers.onStatus('stopped');
        handlers.onRefused(event.code);
        return;
      }
      // A restarting server: another process is up, so no backoff (jitter spreads the tabs).
      retryLater(
        event.code === LIVE_RECONNECT_NOW ? Math.random() * FIRST_RETRY_MS : retryDelay(attempt++),
      );
    };
  };

  // Back online, or the tab shown again: no reason to wait out the backoff.
  const now = () => {
    if (!stopped && !socket && document.visibilityState !== 'hidden') open();
  };
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', now);
  open();

  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(overdue);
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', now);
      socket?.close();
      socket = undefined;
    },
  };
}

type MessagesPage = { messages: MessageView[]; hasOlder: boolean };
type MessagesCache = MessagesPage | InfiniteData<MessagesPage>;

const pagesOf = (data: MessagesCache) => ('pages' in data ? data.pages : [data]);
const lastSeq = (page: MessagesPage) => page.messages.at(-1)?.seq ?? -1;

function withMessage(data: MessagesCache, message: MessageView): MessagesCache {
  const pages = pagesOf(data);
  if (pages.some((page) => page.messages.some((known) => known.id === message.id))) return data;
  // The newest page, wherever the pages put it (older ones are fetched before or after it).
  const newest = pages.reduce((best, page) => (lastSeq(page) > lastSeq(best) ? page : best));
  const grown = {
    ...newest,
    messages: [...newest.messages, message].sort((a, b) => a.seq - b.seq),
  };
  if (!('pages' in data)) return grown;
  return { ...data, pages: data.pages.map((page) => (page === newest ? grown : page)) };
}

function withReceipt(data: MessagesCache, read: Extract<LiveEvent, { type: 'read' }>) {
  const mark = (page: MessagesPage) => ({
    ...page,
    messages: page.messages.map((message) =>
      message.senderId !== read.readerId && message.seq <= read.upToSeq && !message.readAt
        ? { ...message, readAt: read.readAt }
        : message,
    ),
  });
  return 'pages' in data ? { ...data, pages: data.pages.map(mark) } : mark(data);
}

/** What one pushed event changes in the cache. */
export function applyLiveEvent(client: QueryClient, event: LiveEvent) {
  const counts = () => {
    void client.invalidateQueries({ queryKey: queryKeys.messaging.unread });
    void client.invalidateQueries({ queryKey: queryKeys.messaging.inboxAll });
  };
  switch (event.type) {
    case 'ready': {
      const { unread } = event;
      if (unread) {
        client.setQueryData(queryKeys.messaging.unread, { unread: unread.messages });
        client.setQueryData(queryKeys.notifications.unread, { unread: unread.notifications });
      }
      const brought = hashKey(queryKeys.messaging.unread);
      void client.invalidateQueries({
        queryKey: queryKeys.messaging.all,
        predicate: (query) => !unread || query.queryHash !== brought,
      });
      return;
    }
    case 'message': {
      const key = queryKeys.messaging.messages(event.message.conversationId);
      client.setQueryData<MessagesCache>(key, (data) => data && withMessage(data, event.message));
      // A fetch under way may have started before this message: its answer would drop it.
      if (client.isFetching({ queryKey: key }) > 0)
        void client.invalidateQueries({ queryKey: key });
      counts();
      return;
    }
    case 'read':
      client.setQueryData<MessagesCache>(
        queryKeys.messaging.messages(event.conversationId),
        (data) => data && withReceipt(data, event),
      );
      counts();
      return;
    case 'session-ended':
      // The socket closes next; the page, not this, decides where the tab goes.
      return;
    case 'too-many-tabs':
      // The socket closes next (4429) and the tab rests: nothing to refetch.
      return;
    case 'conversation':
      void client.invalidateQueries({
        queryKey: queryKeys.messaging.conversation(event.conversationId),
      });
      void client.invalidateQueries({ queryKey: queryKeys.messaging.inboxAll });
      return;
  }
}

// The tab's one connection's status, for whoever shows it (a "Reconnecting…" note).
let status: LiveStatus = 'idle';
const listeners = new Set<() => void>();
function setStatus(next: LiveStatus) {
  status = next;
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The live connection's status in this tab. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, () => status);
}

/** Inside LiveEvents: the socket brings the header's unread counts with `ready`. */
const SocketBringsCounts = createContext(false);

/**
 * Whether the header's unread counts may be asked for: not while the socket that brings them
 * is being opened (a page of the signed-in shell would otherwise ask for them before its first
 * paint, and again on `ready`). When it fails, or outside LiveEvents, they are asked for.
 */
export function useUnreadCountsAskable(): boolean {
  const now = useLiveStatus();
  const brought = useContext(SocketBringsCounts);
  return !brought || (now !== 'idle' && now !== 'connecting');
}

/**
 * Keeps this tab's live socket while mounted (once, around the signed-in shell). Refused as signed
 * out when connecting, it reloads the session, so the app sees that and goes to sign-in; told
 * that its session ended while live, it just rests (see connectLive).
 */
export function LiveEvents({ children }: { children?: ReactNode }) {
  const client = useQueryClient();
  useEffect(() => {
    const url = `${window.location.origin.replace(/^http/, 'ws')}${LIVE_PATH}`;
    const connection = connectLive(url, {
      onEvent: (event) => applyLiveEvent(client, event),
      onStatus: setStatus,
      onRefused: (code) => {
        if (code === LIVE_CLOSE_CODES.unauthenticated)
          void client.invalidateQueries({ queryKey: queryKeys.session });
      },
    });
    return () => {
      connection.stop();
      setStatus('idle');
    };
  }, [client]);
  return <SocketBringsCounts.Provider value>{children}</SocketBringsCounts.Provider>;
}
