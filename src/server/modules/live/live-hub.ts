import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  LIVE_CLOSE_CODES,
  LIVE_RECONNECT_NOW,
  type LiveEvent,
} from '../../../contracts/messaging.contract';
import type { UserRole } from '../../../domain/accounts/account-rules';
import type { AppContext } from '../../app';
import { EVENT_CHANNELS, parsePayload } from '../../db/database-events';
import { currentUser } from '../auth/auth.service';
import { loadMessage, type MessagingSignal } from '../messaging/message-view';
import { unreadOf } from '../messaging/messaging';
import { unreadCountOf } from '../notifications/notifications';
import { startTabCap } from './live-cap';

// The live sockets of this process, by user. It holds nothing another process needs: every
// process LISTENs on the messages channel and pushes what it hears to its own tabs, so a
// message sent through one process reaches a tab connected to any other.

/** What the hub keeps of one open tab. */
interface Tab {
  /** Its id in the database's record of live sockets (the cap across processes). */
  id: string;
  userId: string;
  role: UserRole;
  /** The upgrade request's headers (its cookies): the session is checked again with them. */
  headers: Headers;
  /** Answered the last ping (or just connected). */
  alive: boolean;
  /**
   * Told `ready`. Until then it is sent no signal: one heard before it joined is counted in
   * its `ready` (read after joining), so `ready` is always its first messaging frame.
   */
  ready: boolean;
}

export interface LiveHub {
  /** Adds a signed-in user's socket and tells it `ready` (it then refetches what it shows). */
  add(socket: WebSocket, user: { id: string; role: UserRole }, headers: Headers): void;
  /**
   * One heartbeat: drops sockets that did not answer the last ping, pings the others, and
   * closes (session-ended, 4401) those whose session has ended unnoticed (expired). Runs on a
   * timer; tests call it directly. An ended session is announced at once (EVENT_CHANNELS.sessions).
   */
  sweep(): Promise<void>;
  /** Closes every socket (LIVE_RECONNECT_NOW: the tab reconnects to another process) and stops listening. */
  close(): Promise<void>;
  /** Whether this process holds a socket of the user (other modules skip reads for nobody). */
  holds(userId: string): boolean;
  /** Sends a frame to the users' sockets on this process (other modules' events: classroom). */
  push(userIds: string[], frame: string): void;
  /** Sends a frame to every socket on this process of users with `role` (the admins' counts). */
  pushToRole(role: UserRole, frame: string): void;
}

/** A tab that cannot take frames as fast as they come is dropped; it refetches on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const userIds = z.array(z.string());
/** The payload on EVENT_CHANNELS.messages, checked: a bad one is logged, not pushed. */
const messagingSignal = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    messageId: z.string(),
    conversationId: z.string(),
    userIds,
  }),
  z.object({
    kind: z.literal('read'),
    conversationId: z.string(),
    readerId: z.string(),
    upToSeq: z.number().int(),
    readAt: z.string(),
    userIds,
  }),
  z.object({ kind: z.literal('conversation'), conversationId: z.string(), userIds }),
]) satisfies z.ZodType<MessagingSignal>;

export async function startLiveHub(
  deps: AppContext,
  log: FastifyBaseLogger,
  options: { heartbeatMs: number },
): Promise<LiveHub> {
  const tabs = new Map<WebSocket, Tab>();
  const byUser = new Map<string, Set<WebSocket>>();
  const byId = new Map<string, WebSocket>();
  // Frames go out in the order the signals came (a read receipt after its message), while the
  // messages they need are read from the database side by side.
  let delivering = Promise.resolve();

  const send = (socket: WebSocket, frame: string) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
    else socket.send(frame);
  };
  const sendTo = (users: string[], event: LiveEvent) => {
    const frame = JSON.stringify(event);
    for (const userId of users)
      for (const socket of byUser.get(userId) ?? [])
        if (tabs.get(socket)?.ready) send(socket, frame);
  };
  /** `ready` with the user's unread counts; without them when they cannot be read (the tab asks). */
  const readyFor = async (userId: string) => {
    try {
      const [messages, notifications] = await Promise.all([
        unreadOf(deps, userId),
        unreadCountOf(deps, userId),
      ]);
      const unread = { messages: messages.unread, notifications: notifications.unread };
      return JSON.stringify({ type: 'ready', unread } satisfies LiveEvent);
    } catch (error) {
      log.error({ err: error }, 'live: could not read the unread counts');
      return JSON.stringify({ type: 'ready' } satisfies LiveEvent);
    }
  };
  /**
   * Tells `userId`'s `sockets` `ready`. Its counts are read now, after they joined, and it goes
   * out in turn with the signals: one heard after this call is pushed after it, so the refetch
   * the tab makes on that event is never overwritten by counts read before it.
   */
  const sendReady = (userId: string, sockets: () => Iterable<WebSocket>) => {
    const frame = readyFor(userId);
    delivering = delivering
      .then(async () => {
        const ready = await frame;
        for (const socket of sockets()) {
          const tab = tabs.get(socket);
          if (tab) tab.ready = true;
          send(socket, ready);
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'live: could not send ready'));
  };

  const eventOf = async (signal: MessagingSignal): Promise<LiveEvent | undefined> => {
    switch (signal.kind) {
      case 'message': {
        const message = await loadMessage(deps.db, signal.messageId);
        return message && { type: 'message', message };
      }
      case 'read':
        return {
          type: 'read',
          conversationId: signal.conversationId,
          readerId: signal.readerId,
          upToSeq: signal.upToSeq,
          readAt: signal.readAt,
        };
      case 'conversation':
        return { type: 'conversation', conversationId: signal.conversationId };
    }
  };

  const onPayload = (payload: string) => {
    const signal = parsePayload(messagingSignal, payload);
    if (!signal) {
      log.warn({ payload }, 'live: ignored a malformed messaging signal');
      return;
    }
    // Nobody here to tell: no database read.
    if (!signal.userIds.some((userId) => byUser.has(userId))) return;
    const event = eventOf(signal).catch((error: unknown) => {
      // The tabs miss this one until their next `ready`; the sender's request succeeded.
      log.error({ err: error }, 'live: could not read a signalled message');
      return undefined;
    });
    delivering = delivering
      .then(async () => {
        const next = await event;
        if (next) sendTo(signal.userIds, next);
      })
      .catch((error: unknown) => log.error({ err: error }, 'live: could not push a signal'));
  };

  const unlisten = await deps.events?.listen(EVENT_CHANNELS.messages, {
    onPayload,
    // Signals sent while this process was not listening are lost: every tab refetches.
    onResync: () => {
      for (const userId of byUser.keys()) sendReady(userId, () => byUser.get(userId) ?? []);
    },
  });

  const tooManyTabs = JSON.stringify({ type: 'too-many-tabs' } satisfies LiveEvent);
  // A user's tabs beyond the cap, on any process: those here close, told why (4429), and rest
  // like an ended session (no reconnect loop between tabs).
  const cap = await startTabCap(deps, log, {
    heartbeatMs: options.heartbeatMs,
    closeHere(ids) {
      for (const id of ids) {
        const socket = byId.get(id);
        if (!socket) continue;
        remove(socket);
        send(socket, tooManyTabs);
        socket.close(LIVE_CLOSE_CODES.tooManyTabs, 'Too many open tabs');
      }
    },
  });

  const remove = (socket: WebSocket) => {
    const tab = tabs.get(socket);
    if (!tab) return;
    tabs.delete(socket);
    byId.delete(tab.id);
    cap.closed(tab.id);
    const own = byUser.get(tab.userId);
    own?.delete(socket);
    if (own?.size === 0) byUser.delete(tab.userId);
  };

  const sessionEnded = JSON.stringify({ type: 'session-ended' } satisfies LiveEvent);
  /** Tells the tab its session ended, then closes it (4401): it stops without reconnecting. */
  const endSession = (socket: WebSocket) => {
    remove(socket);
    send(socket, sessionEnded);
    socket.close(LIVE_CLOSE_CODES.unauthenticated);
  };

  /**
   * Whether each tab's session still holds (only `userId`'s tabs when given); one lookup per
   * cookie header (tabs of a browser).
   */
  const recheckSessions = async (userId?: string) => {
    const lookups = new Map<string, Promise<string | null | undefined>>();
    const userOf = (headers: Headers) => {
      const key = headers.get('cookie') ?? '';
      let lookup = lookups.get(key);
      if (!lookup) {
        lookup = currentUser(deps, headers).then(
          (user) => (user?.isEmailVerified ? user.id : null),
          // The database is unreachable: keep the tab rather than sign it out.
          () => undefined,
        );
        lookups.set(key, lookup);
      }
      return lookup;
    };
    const checked = [...tabs].filter(([, tab]) => userId === undefined || tab.userId === userId);
    await Promise.all(
      checked.map(async ([socket, tab]) => {
        const holder = await userOf(tab.headers);
        if (holder === undefined || holder === tab.userId) return;
        endSession(socket);
      }),
    );
  };

  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= (async () => {
      for (const [socket, tab] of tabs) {
        if (!tab.alive) {
          remove(socket);
          socket.terminate();
          continue;
        }
        tab.alive = false;
        socket.ping();
      }
      await Promise.all([
        recheckSessions(),
        cap.beat().catch((error: unknown) => log.error({ err: error }, 'live: heartbeat failed')),
      ]);
    })().finally(() => (sweeping = undefined));
    return sweeping;
  };
  const timer = setInterval(() => void sweep(), options.heartbeatMs);
  timer.unref();

  // A session of one of our users ended on any process (a database trigger announces every
  // deletion, migration 024): their tabs re-check now, not at the next heartbeat. Re-checked
  // rather than closed outright: the user's other browsers keep their own sessions.
  let rechecking = Promise.resolve();
  const unlistenSessions = await deps.events?.listen(EVENT_CHANNELS.sessions, {
    onPayload: (endedFor) => {
      if (!byUser.has(endedFor)) return;
      rechecking = rechecking
        .then(() => recheckSessions(endedFor))
        .catch((error: unknown) => log.error({ err: error }, 'live: could not re-check sessions'));
    },
    // Announcements may have been missed meanwhile: re-check everyone.
    onResync: () => void sweep(),
  });

  return {
    add(socket, { id: userId, role }, headers) {
      // The tab left while it was being signed in.
      if (socket.readyState !== socket.OPEN) return;
      const tab: Tab = { id: randomUUID(), userId, role, headers, alive: true, ready: false };
      tabs.set(socket, tab);
      byId.set(tab.id, socket);
      let own = byUser.get(userId);
      if (!own) byUser.set(userId, (own = new Set()));
      own.add(socket);
      cap.opened(tab.id, userId);
      socket.on('pong', () => (tab.alive = true));
      socket.on('close', () => remove(socket));
      // After joining: whatever is signalled from now on is pushed, the rest the tab refetches.
      sendReady(userId, () => [socket]);
    },
    sweep,
    holds: (userId) => byUser.has(userId),
    push(userIds, frame) {
      for (const userId of userIds)
        for (const socket of byUser.get(userId) ?? []) send(socket, frame);
    },
    pushToRole(role, frame) {
      for (const [socket, tab] of tabs) if (tab.role === role) send(socket, frame);
    },
    async close() {
      clearInterval(timer);
      await unlisten?.();
      await unlistenSessions?.();
      await delivering;
      await rechecking;
      await sweeping;
      for (const socket of tabs.keys()) socket.close(LIVE_RECONNECT_NOW);
      tabs.clear();
      byUser.clear();
      byId.clear();
      await cap.stop();
    },
  };
}
