import { z } from 'zod/mini';
import { USER_ROLES } from '../domain/accounts/account-rules';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
  MESSAGING_MESSAGES as M,
} from '../domain/messaging/messaging-rules';
import { defineEndpoint, idParams, ROLE_ERRORS, SIGNED_IN_ERRORS } from './endpoint';
import { pageInfoFields, pageNumberSchema } from './paging';

// Messaging (issue #16): one conversation per student–tutor pair. Messages are sent over HTTP;
// the live socket (/api/live, see live-events below) only tells tabs what happened.

/** The other person in a conversation, as the viewer sees them. */
const counterpart = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  avatarUrl: z.nullable(z.string()),
  /** The tutor's profile (for a link to it); null when the other party is the student. */
  tutorProfileId: z.nullable(z.string()),
  accountClosed: z.boolean(),
});

export const messageView = z.object({
  id: z.string(),
  /** Increases with every message in the database: order and paging cursor. */
  seq: z.int(),
  conversationId: z.string(),
  senderId: z.string(),
  /** As stored: contact details already masked when `masked`. */
  body: z.string(),
  /** Contact details were hidden (before the pair's first paid lesson). */
  masked: z.boolean(),
  /** UTC ISO instants. */
  sentAt: z.string(),
  /** When the recipient read it (the read receipt); null while unread. */
  readAt: z.nullable(z.string()),
  /** The sender's own idempotency key, echoed (a retried send returns the first message). */
  clientId: z.nullable(z.string()),
});
export type MessageView = z.infer<typeof messageView>;

export const conversationView = z.object({
  id: z.string(),
  counterpart,
  lastMessage: z.nullable(messageView),
  /** Messages to the viewer not yet read. */
  unread: z.int(),
  /** Who blocked it, from the viewer's side; nobody can send while either has. */
  blockedByMe: z.boolean(),
  blockedByThem: z.boolean(),
  /** Contact details in new messages are masked (no paid lesson between the pair yet). */
  masking: z.boolean(),
  updatedAt: z.string(),
});
export type ConversationView = z.infer<typeof conversationView>;

const unreadCount = z.object({ unread: z.int() });

/**
 * Opens (or returns) the conversation with a tutor (a student names the tutor's profile) or a
 * student (a tutor names the student's account). 201 when new, 200 when it existed.
 */
export const openConversation = defineEndpoint({
  method: 'POST',
  path: '/api/conversations',
  body: z.union([
    z.object({ tutorId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
    z.object({ studentId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
  ]),
  status: 201,
  alsoAnswers: [200],
  response: z.object({ conversation: conversationView }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...ROLE_ERRORS],
});

/** The viewer's conversations, the most recent activity first. */
export const listConversations = defineEndpoint({
  method: 'GET',
  path: '/api/conversations',
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: z.object({
    conversations: z.array(conversationView),
    ...pageInfoFields,
    unread: z.int(),
  }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});

/** Unread messages across all the viewer's conversations (sidebar and header badges). */
export const getUnreadMessages = defineEndpoint({
  method: 'GET',
  path: '/api/conversations/unread-count',
  status: 200,
  response: unreadCount,
  errors: [...SIGNED_IN_ERRORS],
});

export const getConversation = defineEndpoint({
  method: 'GET',
  path: '/api/conversations/:id',
  params: idParams,
  status: 200,
  response: z.object({ conversation: conversationView }),
  errors: ['NOT_FOUND', ...ROLE_ERRORS],
});

const seqCursor = z.coerce.number(M.badCursor).check(z.int(M.badCursor), z.gte(0, M.badCursor));

/**
 * A page of messages, oldest first within the page. `before`: the page before that seq (reading
 * backwards); `after`: everything after it (catching up after a reconnect); neither: the newest.
 */
export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages',
  params: idParams,
  query: z.object({
    before: z.optional(seqCursor),
    after: z.optional(seqCursor),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), MESSAGES_PAGE_SIZE),
  }),
  status: 200,
  response: z.object({ messages: z.array(messageView), hasOlder: z.boolean() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...ROLE_ERRORS],
});

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/api/conversations/:id/messages',
  params: idParams,
  body: z.object({
    body: z
      .string(M.bodyRequired)
      .check(
        z.trim(),
        z.minLength(1, M.bodyRequired),
        z.maxLength(MESSAGE_MAX_LENGTH, M.bodyTooLong),
      ),
    /** A uuid the tab made for this message: sending it again returns the first one (200). */
    clientId: z.optional(z.uuid()),
  }),
  status: 201,
  alsoAnswers: [200],
  response: z.object({ message: messageView }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', ...ROLE_ERRORS],
});

/** Marks the viewer's received messages up to `upToSeq` read; answers the total unread. */
export const markConversationRead = defineEndpoint({
  method: 'POST',
  path: '/api/conversations/:id/read',
  params: idParams,
  body: z.object({ upToSeq: seqCursor }),
  status: 200,
  response: unreadCount,
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...ROLE_ERRORS],
});

export const blockConversation = defineEndpoint({
  method: 'POST',
  path: '/api/conversations/:id/block',
  params: idParams,
  status: 200,
  response: z.object({ conversation: conversationView }),
  errors: ['NOT_FOUND', ...ROLE_ERRORS],
});

export const unblockConversation = defineEndpoint({
  method: 'DELETE',
  path: '/api/conversations/:id/block',
  params: idParams,
  status: 200,
  response: z.object({ conversation: conversationView }),
  errors: ['NOT_FOUND', ...ROLE_ERRORS],
});

/**
 * What the live socket (/api/live) pushes to a signed-in tab, as JSON text frames. The server
 * sends `ready` after each (re)connect: the tab then refetches what it shows, so nothing
 * missed while it was away is lost. `ready` brings the header's unread counts, read once the
 * socket joined (the tab need not ask for them); without them (a failed read) the tab asks.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    unread: z.optional(z.object({ messages: z.int(), notifications: z.int() })),
  }),
  z.object({ type: z.literal('message'), message: messageView }),
  z.object({
    type: z.literal('read'),
    conversationId: z.string(),
    readerId: z.string(),
    upToSeq: z.int(),
    readAt: z.string(),
  }),
  z.object({ type: z.literal('conversation'), conversationId: z.string() }),
  /**
   * The session this socket was opened with has ended (signed out, password changed, suspended,
   * account closed): the socket closes next (4401). The tab stops quietly; where it goes next is
   * the page's affair (its next request finds the session gone, or it is ending it itself).
   */
  z.object({ type: z.literal('session-ended') }),
  /**
   * A newer tab of this user (on any process) took this one's place beyond the cap of live
   * tabs: the socket closes next (4429) and the tab rests until shown again.
   */
  z.object({ type: z.literal('too-many-tabs') }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

export const LIVE_PATH = '/api/live';

/**
 * Why the server closed the live socket, when the tab should not simply reconnect: 4401 not
 * signed in (or no longer: the session ended), 4403 refused for this account (kept for old
 * servers: admins were refused until they were told of their counts, issue #29).
 */
export const LIVE_CLOSE_CODES = {
  unauthenticated: 4401,
  forbidden: 4403,
  /** One of a user's oldest tabs, closed for a newer one: it reconnects when shown again. */
  tooManyTabs: 4429,
} as const;

/**
 * The server is restarting (a rolling deploy, WebSocket's 1012 "service restart"): the tab
 * reconnects at once, with no backoff (a little jitter), and the balancer sends it to another
 * process.
 */
export const LIVE_RECONNECT_NOW = 1012;
