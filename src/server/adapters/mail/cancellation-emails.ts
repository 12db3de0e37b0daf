import { formatMoney } from '../../../domain/money';
import { lessonWhen, link, oneLine, type Participant } from './booking-emails';
import type { MailMessage } from './mailer';

// The other party's notice when a lesson is canceled or a no-show is reported (issue 14), and the
// student's own record of a cancel they made, with what they get back (issue 29). Pure: the
// caller gathers the facts and sends what comes back.

export interface CancellationMailFacts {
  publicUrl: string;
  tutor: Participant;
  student: Participant;
  subject: string;
  startsAt: Date;
  durationMinutes: number;
  /** Who canceled, or who reported the other absent. */
  actor: 'student' | 'tutor';
  reason: string | null;
  /** What the student gets back: money to the card, the package credit, or nothing. */
  settlement: 'refund' | 'credit_returns' | 'no_refund' | 'credit_forfeited' | 'nothing';
  refundCents: number;
  currency: string;
}

/** The student's side of the settlement, in words. */
function studentMoneyLines(facts: CancellationMailFacts): string[] {
  switch (facts.settlement) {
    case 'refund':
      return [
        `We refund ${formatMoney(facts.refundCents, facts.currency)} to the card you paid with.`,
        'It shows on your statement in 5–10 business days, depending on your bank.',
      ];
    case 'credit_returns':
      return ["The lesson's credit returns to your package: schedule it whenever you like."];
    case 'credit_forfeited':
      return ["The lesson's credit is used."];
    case 'no_refund':
      return ['No refund: the lesson was canceled less than 24 hours before it started.'];
    case 'nothing':
      return [];
  }
}

const personOf = (facts: CancellationMailFacts, role: 'student' | 'tutor') =>
  role === 'student' ? facts.student : facts.tutor;
const other = (role: 'student' | 'tutor') => (role === 'student' ? 'tutor' : 'student');

/** The other party is told the lesson is off, why (when given) and, a student, about the money. */
export function lessonCanceledEmail(facts: CancellationMailFacts): MailMessage {
  const recipientRole = other(facts.actor);
  const recipient = personOf(facts, recipientRole);
  const actor = personOf(facts, facts.actor);
  const when = lessonWhen(facts.startsAt, facts.durationMinutes, recipient.timezone);
  const money = recipientRole === 'student' ? studentMoneyLines(facts) : [];
  return {
    to: recipient.email,
    subject: oneLine(`Lesson canceled: ${facts.subject} on ${when}`),
    text: [
      `${actor.name} canceled your ${facts.subject} lesson on ${when}.`,
      ...(facts.reason ? [`Why: ${facts.reason}`] : []),
      ...(money.length ? ['', ...money] : []),
      '',
      `Your lessons: ${link(facts.publicUrl, `/${recipientRole}/schedule`)}`,
    ].join('\n'),
  };
}

/**
 * A student who canceled is told it is done, when the lesson was (in their zone) and what they
 * get back: the refund's amount, the credit, or nothing.
 */
export function ownCancellationEmail(facts: CancellationMailFacts): MailMessage {
  const when = lessonWhen(facts.startsAt, facts.durationMinutes, facts.student.timezone);
  const money = studentMoneyLines(facts);
  return {
    to: facts.student.email,
    subject: oneLine(`You canceled your lesson: ${facts.subject} on ${when}`),
    text: [
      `You canceled your ${facts.subject} lesson with ${facts.tutor.name} on ${when}.`,
      ...(money.length ? ['', ...money] : []),
      '',
      `Your lessons: ${link(facts.publicUrl, '/student/schedule')}`,
    ].join('\n'),
  };
}

/** The party reported absent is told who reported it and, a student, what the lesson cost. */
export function noShowReportedEmail(facts: CancellationMailFacts): MailMessage {
  const absentRole = other(facts.actor);
  const absent = personOf(facts, absentRole);
  const reporter = personOf(facts, facts.actor);
  const when = lessonWhen(facts.startsAt, facts.durationMinutes, absent.timezone);
  // An absent student's lesson counts as given; an absent tutor's is given back.
  const money =
    absentRole === 'student' ? ['The lesson counts as given: nothing is refunded.'] : [];
  return {
    to: absent.email,
    subject: oneLine(`No-show reported: ${facts.subject} on ${when}`),
    text: [
      `${reporter.name} reported that you did not come to your ${facts.subject} lesson on ${when}.`,
      ...(money.length ? ['', ...money] : []),
      '',
      `If this is wrong, reply to this email or contact support from the Help Center.`,
      `Your lessons: ${link(facts.publicUrl, `/${absentRole}/schedule`)}`,
    ].join('\n'),
  };
}
