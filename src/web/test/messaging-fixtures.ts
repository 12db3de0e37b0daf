import {
  conversationView,
  messageView,
  type ConversationView,
  type MessageView,
} from '../../contracts/messaging.contract';
import { signedInStudent } from './fixtures';

// Conversations and messages as the API answers them, for the messaging component tests.

export const STUDENT_ID = signedInStudent.id;
export const TUTOR_USER_ID = 'tutor-user-1';
const DAY = 86_400_000;

export const message = (seq: number, fields: Partial<MessageView> = {}): MessageView =>
  messageView.parse({
    id: `message-${seq}`,
    seq,
    conversationId: 'conversation-1',
    senderId: TUTOR_USER_ID,
    body: `Message ${seq}`,
    masked: false,
    sentAt: new Date().toISOString(),
    readAt: null,
    clientId: null,
    ...fields,
  });

/** Sent the day before now (always yesterday's date, whatever the hour). */
export const yesterday = () => new Date(Date.now() - DAY).toISOString();

export const conversation = (fields: Partial<ConversationView> = {}): ConversationView =>
  conversationView.parse({
    id: 'conversation-1',
    counterpart: {
      userId: TUTOR_USER_ID,
      name: 'Ada Tutor',
      role: 'tutor',
      avatarUrl: null,
      tutorProfileId: 'tutor-1',
      accountClosed: false,
    },
    lastMessage: null,
    unread: 0,
    blockedByMe: false,
    blockedByThem: false,
    masking: false,
    updatedAt: new Date().toISOString(),
    ...fields,
  });

export const inboxReply = (conversations: ConversationView[]) => ({
  json: {
    conversations,
    page: 1,
    totalPages: 1,
    total: conversations.length,
    unread: conversations.reduce((sum, c) => sum + c.unread, 0),
  },
});
