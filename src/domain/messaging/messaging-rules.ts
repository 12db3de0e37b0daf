// Messaging between a student and a tutor (issue #16): the limits both the server and the web
// apply, and every text a user reads about them.

/** The longest message, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 2_000;

/** Messages one sender may send in RATE_WINDOW_SECONDS, across all their conversations. */
export const MESSAGE_RATE_LIMIT = 20;
export const MESSAGE_RATE_WINDOW_SECONDS = 60;

/** An unread message this old sends the recipient one email digest (not one per message). */
export const DIGEST_DELAY_MINUTES = 15;

/** Messages per page when a thread is read backwards. */
export const MESSAGES_PAGE_SIZE = 30;

export const MESSAGING_MESSAGES = {
  bodyRequired: 'Write a message first',
  bodyTooLong: `Messages can be up to ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  rateLimited: 'You are sending messages too fast. Please wait a minute and try again.',
  conversationNotFound: 'Conversation not found',
  tutorNotListed: 'This tutor is not available for messages',
  studentNotYours: 'You can message students you have lessons with',
  blockedByMe: 'You blocked this conversation. Unblock it to send messages.',
  blockedByThem: 'You can no longer send messages in this conversation',
  accountClosed: 'This account is closed',
  maskedNotice:
    'Contact details are hidden until your first paid lesson together. Please keep payments and lessons on Tutora.',
  sendFailed: 'Your message could not be sent. Please try again.',
  loadFailed: 'Failed to load messages',
  emptyInbox: 'No messages yet',
  badCursor: 'Invalid message position',
  clientIdReused: 'This message was already sent in another conversation. Please try again.',
} as const;
