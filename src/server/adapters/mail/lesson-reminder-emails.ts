import { JOIN_OPENS_MINUTES_BEFORE } from '../../../domain/booking/classroom';
import { LESSON_REMINDERS, type ReminderKind } from '../../../domain/booking/reminders';
import { emailSettingsFooter } from '../../../domain/notifications/email-categories';
import { lessonCalendarAttachment, lessonWhen, type Participant } from './booking-emails';
import { CALENDAR_FILENAME } from './calendar-event';
import type { MailAttachment, MailMessage } from './mailer';

// Reminders before a lesson and the notice of a move, to one party each, in their own zone,
// with the lesson's room and its .ics. Pure, like the booking emails: the caller gathers the
// facts (and the time, from the app's clock).

export type LessonRole = 'student' | 'tutor';

export interface ClassroomFacts {
  publicUrl: string;
  lessonId: string;
  /** Who gets this mail, and the other party (named in it). */
  recipient: Participant;
  recipientRole: LessonRole;
  otherName: string;
  subject: string;
  startsAt: Date;
  durationMinutes: number;
  /** The lesson's video room; older lessons may have none. */
  meetingUrl: string | null;
  /** When the mail is made (the calendar file's DTSTAMP): the app's clock. */
  sentAt: Date;
}

/** '24 hours' / '1 hour' before: 'Reminder: your English lesson with Ada starts in 1 hour'. */
export function lessonReminderEmail(facts: ClassroomFacts, kind: ReminderKind): MailMessage {
  const words = LESSON_REMINDERS[kind].words;
  const schedule = scheduleLink(facts);
  return {
    to: facts.recipient.email,
    subject: oneLine(
      `Reminder: your ${facts.subject} lesson with ${facts.otherName} starts in ${words}`,
    ),
    text: [
      `Your ${facts.subject} lesson with ${facts.otherName} starts in ${words}.`,
      '',
      `When: ${lessonWhen(facts.startsAt, facts.durationMinutes, facts.recipient.timezone)}`,
      `Length: ${facts.durationMinutes} minutes`,
      `${facts.recipientRole === 'student' ? 'Tutor' : 'Student'}: ${facts.otherName}`,
      '',
      ...joinLines(facts),
      `Add it to your calendar with the attached ${CALENDAR_FILENAME}.`,
      `Your lessons: ${schedule}`,
      '',
      emailSettingsFooter(facts.publicUrl, facts.recipientRole),
    ].join('\n'),
    attachments: [lessonCalendar(facts, schedule)],
  };
}

export interface RescheduledFacts extends ClassroomFacts {
  /** The time it had before the move. */
  previousStartsAt: Date;
  /** Why, when the mover said (the default reason is left out). */
  reason?: string;
}

/** Tells the other party that a lesson moved: who moved it, from when to when, same room. */
export function lessonRescheduledEmail(facts: RescheduledFacts): MailMessage {
  const zone = facts.recipient.timezone;
  const schedule = scheduleLink(facts);
  const now = lessonWhen(facts.startsAt, facts.durationMinutes, zone);
  return {
    to: facts.recipient.email,
    subject: oneLine(`${facts.otherName} rescheduled your ${facts.subject} lesson`),
    text: [
      `${facts.otherName} moved your ${facts.subject} lesson to a new time.`,
      '',
      `Was: ${lessonWhen(facts.previousStartsAt, facts.durationMinutes, zone)}`,
      `Now: ${now}`,
      ...(facts.reason ? [`Reason: ${facts.reason}`] : []),
      '',
      ...joinLines(facts, ' (the same room as before)'),
      `Add the new time to your calendar with the attached ${CALENDAR_FILENAME}.`,
      `Your lessons: ${schedule}`,
      '',
      emailSettingsFooter(facts.publicUrl, facts.recipientRole),
    ].join('\n'),
    attachments: [lessonCalendar(facts, schedule)],
  };
}

export function joinLines(facts: ClassroomFacts, sameRoom = ''): string[] {
  if (!facts.meetingUrl) return [];
  return [
    `Join the lesson: ${facts.meetingUrl}${sameRoom}`,
    `Join Lesson opens in Tutora ${JOIN_OPENS_MINUTES_BEFORE} minutes before the start.`,
    '',
  ];
}

export const scheduleLink = (facts: ClassroomFacts) =>
  `${facts.publicUrl.replace(/\/+$/, '')}/${facts.recipientRole}/schedule`;

export function lessonCalendar(facts: ClassroomFacts, schedule: string): MailAttachment {
  const room = facts.meetingUrl ? ` Join: ${facts.meetingUrl}` : '';
  return lessonCalendarAttachment(facts, {
    summary: `${facts.subject} lesson with ${facts.otherName}`,
    description: `Tutora lesson, ${facts.durationMinutes} minutes.${room} Your lessons: ${schedule}`,
    url: facts.meetingUrl ?? schedule,
  });
}

/** A header holds one line: names with stray line breaks or runs of spaces are evened out. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
