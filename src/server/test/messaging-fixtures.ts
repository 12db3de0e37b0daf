import type { ConversationView, MessageView } from '../../contracts/messaging.contract';
import { createSignedInTutor, createStudent } from './factories';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';
import { MORNING_TEACHING } from './tokyo-mornings';
import {
  getConversation,
  getUnreadMessages,
  openConversation,
  sendMessage,
} from '../../contracts/messaging.contract';

// Messaging tests' world: a signed-in student and a signed-in tutor (who teaches Tokyo
// mornings, so a paid lesson can be booked), and their conversation opened by the student.

export async function conversationPair(t: TestApp) {
  const tutor = await createSignedInTutor(t, {
    ...MORNING_TEACHING,
    firstName: 'Clara',
    lastName: 'Whitfield',
  });
  const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
  const opened = await student.client.call(openConversation, { body: { tutorId: tutor.id } });
  const conversation = opened.conversation as ConversationView;
  return { tutor, student, conversation, id: conversation.id };
}

/** Sends `body`; expects it stored (201) and answers the message. */
export async function send(client: TestClient, conversationId: string, body: string) {
  const response = await client.call(sendMessage, {
    params: { id: conversationId },
    body: { body },
  });
  return response.message as MessageView;
}

export async function conversationAs(client: TestClient, conversationId: string) {
  const response = await client.call(getConversation, { params: { id: conversationId } });
  return response.conversation as ConversationView;
}

export async function unreadAs(client: TestClient) {
  const response = await client.call(getUnreadMessages);
  return (response as { unread: number }).unread;
}
