import { formatPrice } from '../../../domain/booking/pricing';
import { formatMoney } from '../../../domain/money';
import { isValidTimeZone } from '../../../domain/availability/weekly-window';
import { formatInstant, lessonTimeRange, plainSpaces } from '../../../domain/text/date-styles';
import {
  CALENDAR_CONTENT_TYPE,
  CALENDAR_FILENAME,
  calendarFile,
  lessonEventUid,
} from './calendar-event';
import type { MailAttachment, MailMessage } from './mailer';

// Booking and refund mail, plain text like the account emails. Pure: the caller gathers the
// facts (and the time, from the app's clock) and sends what comes back.

export interface Participant {
  name: string;
  email: string;
  /** IANA zone: each person reads the lesson's time on their own clocks. */
  timezone: string;
}

export interface LessonFacts {
  /** The app's public URL (PUBLIC_URL): links in mail are absolute. */
  publicUrl: string;
  lessonId: string;
  tutor: Participant;
  student: Participant;
  /** The subject's name, e.g. 'English'. */
  subject: string;
  startsAt: Date;
  /**
   * The lesson's own length (25, 50, 100). Its end is told from this, as on the screens: a
   * 50-minute lesson holds a 60-minute slot, but people are told when the lesson ends.
   */
  durationMinutes: number;
  /** What the student paid for this booking (the whole package when it came with one). */
  amountCents: number;
  currency: string;
  isTrial: boolean;
  packageName?: string;
  /** Lessons of the package still to schedule after this one. */
  creditsLeft?: number;
  /** When the mail is made (the calendar file's DTSTAMP): the app's clock. */
  sentAt: Date;
}

export type RefundFacts = Pick<
  LessonFacts,
  | 'publicUrl'
  | 'student'
  | 'subject'
  | 'startsAt'
  | 'durationMinutes'
  | 'amountCents'
  | 'currency'
  | 'packageName'
> & {
  tutor: Pick<Participant, 'name'>;
  /** Why the money went back, a whole sentence for the student. */
  reason: string;
};

const MS_PER_MINUTE = 60_000;

/**
 * Emails are written for a reader whose browser is not there to ask: the product's English in
 * its US style (an account stores no locale).
 */
const EMAIL_LOCALE = 'en-US';

/** The confirmation for both sides of a newly booked lesson: the student's first, then the tutor's. */
export function lessonBookedEmails(facts: LessonFacts): [MailMessage, MailMessage] {
  return [studentConfirmation(facts), tutorNotice(facts)];
}

function studentConfirmation(facts: LessonFacts): MailMessage {
  const { tutor, student, subject } = facts;
  const schedule = link(facts.publicUrl, '/student/schedule');
  return {
    to: student.email,
    subject: oneLine(`Your ${subject} lesson with ${tutor.name} is booked`),
    text: [
      `Your ${facts.isTrial ? 'free trial lesson' : 'lesson'} with ${tutor.name} is booked.`,
      '',
      `When: ${lessonWhen(facts.startsAt, facts.durationMinutes, student.timezone)}`,
      `Length: ${facts.durationMinutes} minutes`,
      `Subject: ${subject}`,
      `Tutor: ${tutor.name}`,
      paymentLine(facts, 'Paid from your package'),
      ...packageLines(facts),
      '',
      `Add it to your calendar with the attached ${CALENDAR_FILENAME}.`,
      `Your lessons: ${schedule}`,
    ].join('\n'),
    attachments: [lessonCalendar(facts, `${subject} lesson with ${tutor.name}`, schedule)],
  };
}

function tutorNotice(facts: LessonFacts): MailMessage {
  const { tutor, student, subject } = facts;
  const schedule = link(facts.publicUrl, '/tutor/schedule');
  return {
    to: tutor.email,
    subject: oneLine(`New lesson booked: ${student.name}, ${subject}`),
    text: [
      `${student.name} booked a ${facts.isTrial ? 'free trial lesson' : 'lesson'} with you.`,
      '',
      `When: ${lessonWhen(facts.startsAt, facts.durationMinutes, tutor.timezone)}`,
      `Length: ${facts.durationMinutes} minutes`,
      `Subject: ${subject}`,
      `Student: ${student.name}`,
      paymentLine(facts, "Paid from the student's package"),
      ...packageLines(facts),
      '',
      `Add it to your calendar with the attached ${CALENDAR_FILENAME}.`,
      `Your lessons: ${schedule}`,
    ].join('\n'),
    attachments: [lessonCalendar(facts, `${subject} lesson with ${student.name}`, schedule)],
  };
}

/** The student is told their payment went back in full, why, and when they will see it. */
export function refundEmail(facts: RefundFacts): MailMessage {
  const amount = formatMoney(facts.amountCents, facts.currency);
  const when = lessonWhen(facts.startsAt, facts.durationMinutes, facts.student.timezone);
  const bought = facts.packageName
    ? `the package "${facts.packageName}" with ${facts.tutor.name}, first lesson on ${when}`
    : `${facts.subject} lesson with ${facts.tutor.name} on ${when}`;
  return {
    to: facts.student.email,
    subject: oneLine(`Your payment of ${amount} was refunded`),
    text: [
      `We refunded your payment of ${amount} in full.`,
      '',
      `Why: ${facts.reason}`,
      `What it was for: ${bought}`,
      '',
      'The money goes back to the card you paid with. It shows on your statement in 5–10',
      'business days, depending on your bank. There is nothing else you need to do.',
      '',
      `Your payments: ${link(facts.publicUrl, '/student/billing')}`,
    ].join('\n'),
  };
}

function paymentLine(facts: LessonFacts, paidFromPackage: string): string {
  if (facts.isTrial) return `Price: ${formatPrice(0, facts.currency)} (trial lesson)`;
  // A later lesson of a package costs nothing now: its credit was paid with the package.
  if (facts.packageName && facts.amountCents === 0) return paidFromPackage;
  const amount = formatPrice(facts.amountCents, facts.currency);
  return facts.packageName ? `Amount paid: ${amount} (the package)` : `Amount paid: ${amount}`;
}

function packageLines(facts: LessonFacts): string[] {
  if (!facts.packageName) return [];
  const left = facts.creditsLeft;
  const credits =
    left === undefined ? '' : ` (${left} ${left === 1 ? 'lesson' : 'lessons'} left to schedule)`;
  return [`Package: ${facts.packageName}${credits}`];
}

const lessonCalendar = (facts: LessonFacts, summary: string, url: string) =>
  lessonCalendarAttachment(facts, {
    summary,
    description: `Tutora lesson, ${facts.durationMinutes} minutes. Your lessons: ${url}`,
    url,
  });

/**
 * The lesson as one confirmed calendar event, under the lesson's own UID: the booking and the
 * reminder emails' entries are the same event.
 */
export function lessonCalendarAttachment(
  lesson: { lessonId: string; sentAt: Date; startsAt: Date; durationMinutes: number },
  event: { summary: string; description: string; url: string },
): MailAttachment {
  return {
    filename: CALENDAR_FILENAME,
    contentType: CALENDAR_CONTENT_TYPE,
    content: calendarFile({
      uid: lessonEventUid(lesson.lessonId),
      sequence: 0,
      stampedAt: lesson.sentAt,
      startsAt: lesson.startsAt,
      endsAt: lessonEnd(lesson.startsAt, lesson.durationMinutes),
      summary: event.summary,
      description: event.description,
      url: event.url,
      status: 'CONFIRMED',
      // No ORGANIZER: it would show each side the other's email address, which Tutora keeps private.
    }),
  };
}

const lessonEnd = (startsAt: Date, minutes: number) =>
  new Date(startsAt.getTime() + minutes * MS_PER_MINUTE);

/**
 * 'Tuesday, March 10, 2026, 3:00 PM – 3:50 PM (Europe/Berlin)' on the clocks of `zone`.
 * A zone Intl does not know is told in UTC (and says so): the mail still goes out, correct.
 */
export function lessonWhen(startsAt: Date, durationMinutes: number, zone: string): string {
  const options = { locale: EMAIL_LOCALE, zone: isValidTimeZone(zone) ? zone : 'UTC' };
  // The screens' styles (src/domain/text/date-styles): the email says a time as the app does.
  const text = `${formatInstant(startsAt, 'weekdayDate', options)}, ${lessonTimeRange(startsAt, durationMinutes, options)} (${options.zone})`;
  return plainSpaces(text);
}

export const link = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** A header holds one line: names with stray line breaks or runs of spaces are evened out. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface CanceledForAccountFacts {
  publicUrl: string;
  recipient: Participant;
  recipientRole: 'student' | 'tutor';
  /** Whose account it was (their name as it was). */
  accountName: string;
  /** Why the lesson went: that account was deleted, or Tutora suspended it. */
  cause: 'account_closed' | 'account_suspended';
  subject: string;
  startsAt: Date;
  durationMinutes: number;
}

/**
 * The other side of a lesson canceled because its tutor or student deleted their account or was
 * suspended (a suspension says only that Tutora canceled it, never why: that is the suspended
 * user's business).
 */
export function lessonCanceledForAccountEmail(facts: CanceledForAccountFacts): MailMessage {
  const when = lessonWhen(facts.startsAt, facts.durationMinutes, facts.recipient.timezone);
  const money =
    facts.recipientRole === 'student'
      ? [
          'If you paid for this lesson, or it came from a package with this tutor, the money for it',
          'and for any unused lessons of that package goes back to your card in 5–10 business days.',
        ]
      : [];
  return {
    to: facts.recipient.email,
    subject: oneLine(`Lesson canceled: ${facts.subject} on ${when}`),
    text: [
      ...(facts.cause === 'account_closed'
        ? [
            `Your ${facts.subject} lesson with ${facts.accountName} on ${when} was canceled because`,
            `${facts.accountName} deleted their Tutora account.`,
          ]
        : [
            `Your ${facts.subject} lesson with ${facts.accountName} on ${when} was canceled by Tutora.`,
          ]),
      ...(money.length ? ['', ...money] : []),
      '',
      `Your lessons: ${link(facts.publicUrl, `/${facts.recipientRole}/schedule`)}`,
    ].join('\n'),
  };
}
