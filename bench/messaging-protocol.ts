import type { TestConversation } from '../src/server/test/live-fixtures';

// What `npm run bench:messages` and its API processes (messaging-app.ts) say over IPC.

/** A conversation with both people's session cookies (to open their tabs). */
export interface BenchPair extends TestConversation {
  studentCookie: string;
  tutorCookie: string;
}

export type AppJob =
  | { kind: 'setup'; pairs: number }
  /**
   * For `seconds`, a message every 1/rate s, each from a pair's student, round-robin; a
   * sender that falls behind sends fewer (at most 64 under way).
   */
  | { kind: 'send'; rate: number; seconds: number; pairs: BenchPair[]; via: SendPath };

export type AppReply =
  | { kind: 'ready'; url: string }
  | { kind: 'setup'; pairs: BenchPair[] }
  | { kind: 'sent'; sent: number; failures: number; firstFailure?: string };

/**
 * db: the row and its signal written in one transaction, as the messaging module writes them;
 * http: POST /api/conversations/:id/messages with the student's cookie (rate limited per sender).
 */
export type SendPath = 'db' | 'http';

const LETTERS = 'abcdefghij';
/**
 * A message body that carries its sending time, in letters: digits would be masked as a phone
 * number before the pair's first paid lesson.
 */
export const stampedBody = () =>
  `sent ${wallMs()
    .toFixed(3)
    .replace(/\d/g, (digit) => LETTERS[Number(digit)]!)}`;
/** When the message with this body was sent (wallMs). */
export const sentAtOf = (body: string) =>
  Number(body.slice('sent '.length).replace(/[a-j]/g, (letter) => String(LETTERS.indexOf(letter))));

/** Milliseconds on the wall clock, sub-millisecond: comparable between processes. */
export const wallMs = () => performance.timeOrigin + performance.now();
