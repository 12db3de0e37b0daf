import { z } from 'zod/mini';
import { HELP_MESSAGES as M } from '../domain/messages';
import { isSingleLine } from '../domain/text/single-line';
import { defineEndpoint, ROLE_ERRORS } from './endpoint';

// The Help Center's contact form: a signed-in user writes to support; the reply goes to their
// account's email, which the server takes from the session (never from the form).

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

/** Control characters (and lone surrogates) have no place in a mail; a line break only in the body. */
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const printable = (forbidden: RegExp) => (text: string) =>
  !forbidden.test(text) && !LONE_SURROGATE.test(text);

export const supportMessageSchema = z.object({
  subject: z
    .string(M.subjectRequired)
    .check(
      z.trim(),
      z.minLength(1, M.subjectRequired),
      z.maxLength(SUPPORT_SUBJECT_MAX, M.subjectTooLong(SUPPORT_SUBJECT_MAX)),
      z.refine(isSingleLine, M.invalidCharacters),
    ),
  message: z
    .string(M.messageTooShort(SUPPORT_MESSAGE_MIN))
    .check(
      z.trim(),
      z.minLength(SUPPORT_MESSAGE_MIN, M.messageTooShort(SUPPORT_MESSAGE_MIN)),
      z.maxLength(SUPPORT_MESSAGE_MAX, M.messageTooLong(SUPPORT_MESSAGE_MAX)),
      z.refine(printable(CONTROL_BUT_LINES), M.invalidCharacters),
    ),
});
export type SupportMessageInput = z.input<typeof supportMessageSchema>;

/** Where support will answer: the sender's account email. */
const supportMessageResponse = z.object({ replyTo: z.string() });

/** Mails the message to support (SUPPORT_EMAIL); a few per hour per user (429 beyond). */
export const sendSupportMessage = defineEndpoint({
  method: 'POST',
  path: '/api/support/messages',
  body: supportMessageSchema,
  status: 201,
  response: supportMessageResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'RATE_LIMITED'],
});
