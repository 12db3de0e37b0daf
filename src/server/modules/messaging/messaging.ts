import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type {
  ConversationView,
  listConversations,
  listMessages,
} from '../../../contracts/messaging.contract';
import { maskContacts } from '../../../domain/messaging/masking';
import { readPageWindow } from '../../../domain/paging';
import {
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_SECONDS,
  MESSAGING_MESSAGES as M,
} from '../../../domain/messaging/messaging-rules';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import { EVENT_CHANNELS, notifyChannel } from '../../db/database-events';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { refuseOverBudget } from '../../http/sliding-window';
import { scheduleDigest } from './messaging-digest';
import * as repository from './messaging.repository';
import { toMessageView, type MessagingSignal } from './message-view';

// Messaging between a student and a tutor (issue #16). Only the pair reads or acts on their
// conversation: every lookup is by the session's user, so another pair's conversation is not
// found (404, never 403: its existence is not told). Every write tells the live socket through
// NOTIFY in its own transaction (delivered on commit), and a send queues the recipient's
// email digest.

export interface MessagingContext {
  db: Kysely<DB>;
  clock: Clock;
  jobs: JobQueue;
  signingSecret: string;
}

export const CONVERSATIONS_PAGE_SIZE = 20;
const RATE_WINDOW_MS = MESSAGE_RATE_WINDOW_SECONDS * 1000;

const notFound = () => new AppError('NOT_FOUND', M.conversationNotFound);

const sideOf = (row: { student_id: string }, userId: string): repository.Side =>
  row.student_id === userId ? 'student' : 'tutor';

/** The viewer's conversation, or 404 (not theirs, or no such id). */
async function ownConversation(db: Kysely<DB> | Transaction<DB>, userId: string, id: string) {
  const row = isUuid(id) ? await repository.conversationFor(db, userId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

async function toViews(
  ctx: MessagingContext,
  viewerId: string,
  rows: repository.ConversationRow[],
): Promise<ConversationView[]> {
  const ids = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
  const last = new Map(
    (await repository.messagesByIds(ctx.db, ids)).map((message) => [message.id, message]),
  );
  const now = ctx.clock.now();
  return rows.map((row) => {
    const mine = sideOf(row, viewerId) === 'student';
    const lastMessage = row.last_message_id ? last.get(row.last_message_id) : undefined;
    return {
      id: row.id,
      counterpart: {
        userId: row.other_id,
        name: row.other_name,
        role: row.other_role,
        avatarUrl: avatarUrlOf(ctx.signingSecret, row.other_avatar, now),
        tutorProfileId: mine ? row.tutor_profile_id : null,
        accountClosed: row.other_closed_at !== null || row.other_suspended_at !== null,
      },
      lastMessage: lastMessage ? toMessageView(lastMessage) : null,
      unread: Number(row.unread ?? 0),
      blockedByMe: (mine ? row.blocked_by_student_at : row.blocked_by_tutor_at) !== null,
      blockedByThem: (mine ? row.blocked_by_tutor_at : row.blocked_by_student_at) !== null,
      masking: !row.paid,
      updatedAt: row.updated_at.toISOString(),
    };
  });
}

async function conversationView(ctx: MessagingContext, viewerId: string, id: string) {
  const [view] = await toViews(ctx, viewerId, [await ownConversation(ctx.db, viewerId, id)]);
  return view!;
}

/**
 * Opens the pair's conversation: a student names a listed tutor's profile, a tutor a student
 * they have (or had) lessons with. `created` is false when it existed.
 */
export async function openConversation(
  ctx: MessagingContext,
  user: SessionUser,
  body: { tutorId: string } | { studentId: string },
) {
  let pair: { studentId: string; tutorId: string };
  if (user.role === 'student') {
    if (!('tutorId' in body)) throw new AppError('NOT_FOUND', M.tutorNotListed);
    const tutor = isUuid(body.tutorId)
      ? await repository.listedTutorUser(ctx.db, body.tutorId)
      : undefined;
    if (!tutor) throw new AppError('NOT_FOUND', M.tutorNotListed);
    pair = { studentId: user.id, tutorId: tutor.user_id };
  } else {
    if (!('studentId' in body)) throw new AppError('NOT_FOUND', M.studentNotYours);
    const student = isUuid(body.studentId)
      ? await repository.studentOfTutor(ctx.db, user.id, body.studentId)
      : undefined;
    if (!student) throw new AppError('NOT_FOUND', M.studentNotYours);
    pair = { studentId: student.student_id, tutorId: user.id };
  }
  const inserted = await repository.insertConversation(ctx.db, { ...pair, now: ctx.clock.now() });
  const id =
    inserted?.id ?? (await repository.conversationOfPair(ctx.db, pair.studentId, pair.tutorId)).id;
  return {
    created: inserted !== undefined,
    conversation: await conversationView(ctx, user.id, id),
  };
}

export async function conversationsOf(
  ctx: MessagingContext,
  userId: string,
  requestedPage: number,
): Promise<EndpointOutput<typeof listConversations>> {
  // A page past the last (conversations moved while the user paged): the last page.
  const { rows, page, totalPages, total } = await readPageWindow(
    requestedPage,
    CONVERSATIONS_PAGE_SIZE,
    (window) => repository.conversationsPage(ctx.db, userId, window),
  );
  return {
    conversations: await toViews(ctx, userId, rows),
    page,
    totalPages,
    total,
    unread: await repository.unreadTotal(ctx.db, userId),
  };
}

export async function unreadOf(ctx: MessagingContext, userId: string) {
  return { unread: await repository.unreadTotal(ctx.db, userId) };
}

export async function conversationOf(ctx: MessagingContext, userId: string, id: string) {
  return { conversation: await conversationView(ctx, userId, id) };
}

export async function messagesOf(
  ctx: MessagingContext,
  userId: string,
  id: string,
  cursor: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<EndpointOutput<typeof listMessages>> {
  const conversation = await ownConversation(ctx.db, userId, id);
  const rows = await repository.messagePage(ctx.db, conversation.id, {
    ...(cursor.before !== undefined && { before: cursor.before }),
    ...(cursor.after !== undefined && { after: cursor.after }),
    limit: cursor.limit,
  });
  const oldest = rows[0]?.seq ?? (cursor.after !== undefined ? cursor.after + 1 : undefined);
  return {
    messages: rows.map(toMessageView),
    hasOlder:
      oldest !== undefined && (await repository.hasMessageBefore(ctx.db, conversation.id, oldest)),
  };
}

async function signal(trx: Transaction<DB>, payload: MessagingSignal) {
  await notifyChannel(trx, EVENT_CHANNELS.messages, JSON.stringify(payload));
}

const pairOf = (row: { student_id: string; tutor_id: string }) => [row.student_id, row.tutor_id];

/** Refuses a send while either side blocks or the recipient's account is closed. */
function checkCanSend(row: repository.ConversationRow, senderId: string) {
  const side = sideOf(row, senderId);
  const byMe = side === 'student' ? row.blocked_by_student_at : row.blocked_by_tutor_at;
  const byThem = side === 'student' ? row.blocked_by_tutor_at : row.blocked_by_student_at;
  if (byMe) throw new AppError('CONFLICT', M.blockedByMe);
  if (byThem) throw new AppError('CONFLICT', M.blockedByThem);
  if (row.other_closed_at || row.other_suspended_at)
    throw new AppError('CONFLICT', M.accountClosed);
}

/**
 * Sends a message; `created` is false when the sender's clientId names a message already sent
 * (answered again). Race-safe across processes: the sender's advisory lock serializes their
 * sends (rate count and clientId), and the conversation's row lock orders a send against a
 * block of the same conversation.
 */
export async function sendMessage(
  ctx: MessagingContext,
  sender: SessionUser,
  id: string,
  input: { body: string; clientId?: string | undefined },
) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await ownConversation(trx, sender.id, id);
    await repository.lockSender(trx, sender.id);
    if (input.clientId) {
      const sent = await repository.messageByClientId(trx, sender.id, input.clientId);
      // The key names a message of another conversation: not a retry of this send.
      if (sent && sent.conversation_id !== id) throw new AppError('CONFLICT', M.clientIdReused);
      if (sent) return { created: false, message: toMessageView(sent) };
    }
    await repository.lockConversation(trx, id);
    // Read again under the lock: a block that committed meanwhile is seen.
    const row = await ownConversation(trx, sender.id, id);
    checkCanSend(row, sender.id);
    // The budget is counted in the database (every process agrees), under the sender's lock.
    const since = new Date(now.getTime() - RATE_WINDOW_MS);
    const recent = await repository.sentSince(trx, sender.id, since);
    const budget = { limit: MESSAGE_RATE_LIMIT, windowMs: RATE_WINDOW_MS };
    refuseOverBudget(recent, budget, now, M.rateLimited);
    const { text, masked } = row.paid
      ? { text: input.body, masked: false }
      : maskContacts(input.body);
    const message = await repository.insertMessage(trx, {
      conversationId: row.id,
      senderId: sender.id,
      body: text,
      masked,
      clientId: input.clientId ?? null,
      now,
    });
    await signal(trx, {
      kind: 'message',
      messageId: message.id,
      conversationId: row.id,
      userIds: pairOf(row),
    });
    await scheduleDigest(ctx, trx, row.other_id, now);
    return { created: true, message: toMessageView(message) };
  });
}

/** Marks the viewer's received messages up to `upToSeq` read; answers their unread total. */
export async function markRead(ctx: MessagingContext, userId: string, id: string, upToSeq: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await ownConversation(trx, userId, id);
    await repository.lockConversation(trx, row.id);
    const read = await repository.markRead(
      trx,
      row.id,
      { id: userId, side: sideOf(row, userId) },
      upToSeq,
      now,
    );
    if (!read.changed) return;
    await signal(trx, {
      kind: 'read',
      conversationId: row.id,
      readerId: userId,
      upToSeq: read.readSeq,
      readAt: now.toISOString(),
      userIds: pairOf(row),
    });
  });
  return unreadOf(ctx, userId);
}

/** Blocks (or unblocks) the conversation from the viewer's side. */
export async function setBlocked(
  ctx: MessagingContext,
  userId: string,
  id: string,
  blocked: boolean,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await ownConversation(trx, userId, id);
    await repository.lockConversation(trx, row.id);
    const side = sideOf(row, userId);
    const current = side === 'student' ? row.blocked_by_student_at : row.blocked_by_tutor_at;
    // Blocking twice keeps the first time; unblocking what is not blocked changes nothing.
    if (blocked === (current !== null)) return;
    await repository.setBlocked(trx, row.id, side, blocked ? ctx.clock.now() : null);
    await signal(trx, { kind: 'conversation', conversationId: row.id, userIds: pairOf(row) });
  });
  return conversationOf(ctx, userId, id);
}
