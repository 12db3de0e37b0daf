import type { TestConversation } from '../src/server/modules/live/live-fixtures';

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
  | { kind: 'send'; rate: number; seconds: number; pairs: BenchPair[] };

export type AppReply =
  | { kind: 'ready'; url: string }
  | { kind: 'setup'; pairs: BenchPair[] }
  | { kind: 'sent'; sent: number; failures: number; firstFailure?: string };

/** Milliseconds on the wall clock, sub-millisecond: comparable between processes. */
export const wallMs = () => performance.timeOrigin + performance.now();
