import { SUPPORT_EMAIL } from '../../../domain/support';
import { link } from './booking-emails';
import type { MailMessage } from './mailer';

// What a suspension tells by email (issue #15): the user why and whom to write to, the other
// side of each canceled lesson only that Tutora canceled it and the money goes back (never the
// admin's reason, which is the suspended user's business).

/** What the suspension ended: the lines about lessons and money only when there were some. */
export interface SuspensionOutcome {
  canceledLessons: number;
  refunds: number;
}

export function accountSuspendedEmail(
  to: string,
  reason: string,
  outcome: SuspensionOutcome,
): MailMessage {
  const lessons =
    outcome.canceledLessons > 0
      ? ['Your future lessons were canceled and the other side was told.']
      : [];
  const money =
    outcome.refunds > 0
      ? [
          'Money for paid future lessons and unused package credits goes back to the card it was',
          'paid with (5–10 business days).',
        ]
      : [];
  const consequences = [...lessons, ...money];
  return {
    to,
    subject: 'Your Tutora account was suspended',
    text: [
      'Your Tutora account was suspended, so you cannot sign in for now.',
      '',
      `Reason: ${reason}`,
      '',
      ...(consequences.length ? [...consequences, ''] : []),
      `If you think this is a mistake, write to ${SUPPORT_EMAIL}.`,
    ].join('\n'),
  };
}

export function accountRestoredEmail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Tutora account was restored',
    text: [
      'Your Tutora account is active again: you can sign in as before.',
      '',
      'Lessons canceled during the suspension stay canceled; you can book or offer new ones.',
      '',
      `Sign in: ${link(publicUrl, '/')}`,
    ].join('\n'),
  };
}
