import type { Kysely, Selectable } from 'kysely';
import type { MessageView } from '../../../contracts/messaging.contract';
import type { DB, Messages } from '../../db/types';
import { findMessage } from './messaging.repository';

// One message as the API and the live socket show it: the same shape from one place.

export function toMessageView(row: Selectable<Messages>): MessageView {
  return {
    id: row.id,
    seq: row.seq,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    body: row.body,
    masked: row.masked,
    sentAt: row.sent_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
    clientId: row.client_id,
  };
}

/** The message with this id, or undefined. */
export async function loadMessage(db: Kysely<DB>, id: string): Promise<MessageView | undefined> {
  const row = await findMessage(db, id);
  return row && toMessageView(row);
}

/**
 * What one process tells the others (and itself) on EVENT_CHANNELS.messages, sent in the
 * transaction of the change; `userIds` are the two people whose tabs should hear of it. Ids only:
 * a payload is capped near 8 000 bytes, and each process reads the row once for all its tabs.
 */
export type MessagingSignal =
  | { kind: 'message'; messageId: string; conversationId: string; userIds: string[] }
  | {
      kind: 'read';
      conversationId: string;
      readerId: string;
      upToSeq: number;
      readAt: string;
      userIds: string[];
    }
  | { kind: 'conversation'; conversationId: string; userIds: string[] };
