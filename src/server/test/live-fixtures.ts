import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import WebSocket from 'ws';
import {
  LIVE_PATH,
  liveEvent,
  type LiveEvent,
  type MessageView,
} from '../../contracts/messaging.contract';
import { adminLiveEvent } from '../../contracts/admin.contract';
import { EVENT_CHANNELS, notifyChannel } from '../db/database-events';
import type { DB } from '../db/types';
import { toMessageView, type MessagingSignal } from '../modules/messaging/message-view';

// Tests and the bench: conversations and messages written as the messaging module writes them
// (the row and its signal in one transaction), and a tab's live socket, read frame by frame.

export interface TestConversation {
  id: string;
  studentId: string;
  tutorId: string;
}

export async function createConversation(
  db: Kysely<DB>,
  pair: { studentId: string; tutorId: string },
  at = new Date(),
): Promise<TestConversation> {
  const { id } = await db
    .insertInto('conversations')
    .values({ student_id: pair.studentId, tutor_id: pair.tutorId, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, ...pair };
}

const participants = (conversation: TestConversation) => [
  conversation.studentId,
  conversation.tutorId,
];

/** Announces `signal` on the messages channel in `db`'s transaction (on commit). */
export function notifyMessaging(db: Kysely<DB>, signal: MessagingSignal) {
  return notifyChannel(db, EVENT_CHANNELS.messages, JSON.stringify(signal));
}

/** Stores a message from `senderId` and signals it in the same transaction. */
export async function sendSignalledMessage(
  db: Kysely<DB>,
  conversation: TestConversation,
  senderId: string,
  body: string,
  at = new Date(),
): Promise<MessageView> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('messages')
      .values({ conversation_id: conversation.id, sender_id: senderId, body, sent_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ updated_at: at })
      .where('id', '=', conversation.id)
      .execute();
    await notifyMessaging(trx, {
      kind: 'message',
      messageId: row.id,
      conversationId: conversation.id,
      userIds: participants(conversation),
    });
    return toMessageView(row);
  });
}

/** `readerId` read the conversation up to `upToSeq`: stored and signalled together. */
export async function signalRead(
  db: Kysely<DB>,
  conversation: TestConversation,
  readerId: string,
  upToSeq: number,
  at = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('messages')
      .set({ read_at: at })
      .where('conversation_id', '=', conversation.id)
      .where('sender_id', '<>', readerId)
      .where('seq', '<=', upToSeq)
      .where('read_at', 'is', null)
      .execute();
    await notifyMessaging(trx, {
      kind: 'read',
      conversationId: conversation.id,
      readerId,
      upToSeq,
      readAt: at.toISOString(),
      userIds: participants(conversation),
    });
  });
}

/** Why the server ended a socket (or, for a refused handshake, its HTTP status as `code`). */
export interface LiveClosure {
  code: number;
  reason: string;
}

/** A frame a tab may be sent: messaging's events, and the admins' counts changing. */
const tabFrame = z.union([liveEvent, adminLiveEvent]);
type TabFrame = LiveEvent | z.infer<typeof adminLiveEvent>;

/** One tab's live socket, as a test reads it. */
export interface LiveTab {
  socket: WebSocket;
  /** The next frame not yet taken, checked against the contract. */
  next(): Promise<TabFrame>;
  /** Takes frames up to the first of `type` and answers it. */
  nextOf<T extends TabFrame['type']>(type: T): Promise<Extract<TabFrame, { type: T }>>;
  /** Resolves when the socket closed. */
  closed: Promise<LiveClosure>;
  close(): Promise<LiveClosure>;
}

export interface LiveTabOptions {
  /** The browser's Cookie header (a TestClient's cookieHeader()); none: a signed-out tab. */
  cookie?: string;
  /** The page's origin; default the app's own. */
  origin?: string;
  /** false: a tab whose network died (it never answers the server's pings). */
  autoPong?: boolean;
}

/**
 * Opens a tab's socket to the app at `appUrl` and resolves once the handshake succeeded. A
 * handshake the server refuses rejects with its HTTP status.
 */
export function openLiveTab(appUrl: string, options: LiveTabOptions = {}): Promise<LiveTab> {
  const socket = new WebSocket(`${appUrl.replace(/^http/, 'ws')}${LIVE_PATH}`, {
    headers: {
      origin: options.origin ?? appUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    autoPong: options.autoPong ?? true,
  });
  const frames: TabFrame[] = [];
  const waiting: Array<() => void> = [];
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());
  let ended: LiveClosure | undefined;
  const closed = new Promise<LiveClosure>((resolve) =>
    socket.on('close', (code, reason) => {
      ended = { code, reason: reason.toString() };
      resolve(ended);
      wake();
    }),
  );
  socket.on('message', (data) => {
    frames.push(tabFrame.parse(JSON.parse(data.toString())));
    wake();
  });
  const next = async (): Promise<TabFrame> => {
    while (frames.length === 0) {
      if (ended) throw new Error(`the socket closed (${ended.code}) before another frame`);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return frames.shift()!;
  };
  const tab: LiveTab = {
    socket,
    next,
    async nextOf(type) {
      for (;;) {
        const frame = await next();
        if (frame.type === type) return frame as never;
      }
    },
    closed,
    close() {
      socket.close();
      return closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(tab));
    socket.once('unexpected-response', (_request, response) => {
      const status = response.statusCode;
      reject(Object.assign(new Error(`handshake refused: ${status}`), { status }));
      socket.terminate();
    });
    socket.once('error', reject);
  });
}
