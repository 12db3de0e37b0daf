import type { LessonStatus } from '../booking/booking-rules';

// Reviews (ADR 019): who may review which lesson, for how long a review can be edited, and what
// a review's and a reply's text may be. Shared by the server (which decides) and the web (which
// says so before asking).

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MIN = 2;
export const REPLY_TEXT_MAX = 2000;
/** Ours (Preply and italki allow changes for a while): a review can be edited this long. */
export const REVIEW_EDIT_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A lesson a student may review: it took place (completed), and it was a paid lesson or a trial. */
export interface ReviewableLesson {
  status: LessonStatus;
  isTrial: boolean;
  /** Paid by card or with a package's credit. */
  isPaid: boolean;
}

export const isReviewable = (lesson: ReviewableLesson) =>
  lesson.status === 'completed' && (lesson.isTrial || lesson.isPaid);

/** The last instant a review written at `createdAt` can be changed (edits before it only). */
export const editableUntil = (createdAt: Date) =>
  new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

export const canEditReview = (createdAt: Date, now: Date) =>
  now.getTime() < editableUntil(createdAt).getTime();

/* eslint-disable no-control-regex -- finding control characters is the point */
/** Control characters but line breaks and tabs: a review has paragraphs, nothing invisible. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Something that reads as an HTML tag or comment: reviews are plain text, shown as written. */
const MARKUP = /<\/?[a-z][^>]*>|<!--/i;

export type TextProblem = 'tooShort' | 'tooLong' | 'control' | 'markup';

/** The text as stored: trimmed, with Windows line ends made plain. */
export const cleanReviewText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** What is wrong with a (cleaned) text, if anything. */
export function textProblem(text: string, min: number, max: number): TextProblem | undefined {
  if (CONTROL.test(text) || LONE_SURROGATE.test(text)) return 'control';
  if (MARKUP.test(text)) return 'markup';
  if (text.length < min) return 'tooShort';
  if (text.length > max) return 'tooLong';
  return undefined;
}
