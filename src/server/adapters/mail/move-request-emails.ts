import { CALENDAR_FILENAME } from './calendar-event';
import { lessonWhen } from './booking-emails';
import {
  joinLines,
  lessonCalendar,
  oneLine,
  scheduleLink,
  type ClassroomFacts,
} from './lesson-reminder-emails';
import type { MailMessage } from './mailer';

// A tutor's move request (ADR 032), told by email to the party who did not act: the student of
// a request and of its withdrawal, the tutor of the answer. Pure; times in the reader's zone.

export type MoveRequestEvent = 'requested' | 'withdrawn' | 'accepted' | 'declined';

export interface MoveRequestFacts extends ClassroomFacts {
  event: MoveRequestEvent;
  /** The time the tutor proposed (once accepted, the lesson's own `startsAt`). */
  proposedStartsAt: Date;
  /** The lesson's time before the move (for an accepted request; else its current time). */
  previousStartsAt: Date;
  /** Why, when the tutor said. */
  reason?: string;
}

export function moveRequestEmail(facts: MoveRequestFacts): MailMessage {
  const zone = facts.recipient.timezone;
  const when = (at: Date) => lessonWhen(at, facts.durationMinutes, zone);
  const schedule = scheduleLink(facts);
  const lesson = `${facts.subject} lesson`;
  const reason = facts.reason ? [`Reason: ${facts.reason}`] : [];
  const mail = (subject: string, lines: string[]): MailMessage => ({
    to: facts.recipient.email,
    subject: oneLine(subject),
    text: [...lines, `Your lessons: ${schedule}`].join('\n'),
  });
  switch (facts.event) {
    case 'requested':
      return mail(`${facts.otherName} asks to move your ${lesson}`, [
        `${facts.otherName} proposes a new time for your ${lesson}.`,
        '',
        `Now: ${when(facts.previousStartsAt)}`,
        `Proposed: ${when(facts.proposedStartsAt)}`,
        ...reason,
        '',
        'Accept or decline it on the lesson in Tutora. Until you answer, the lesson keeps its time.',
        'If you decline, or do not answer before the lesson starts, it stays at its time and you may cancel it free of charge, with a full refund.',
        '',
      ]);
    case 'withdrawn':
      return mail(`${facts.otherName} withdrew the new time for your ${lesson}`, [
        `${facts.otherName} withdrew the request to move your ${lesson}.`,
        `It stays at its time: ${when(facts.previousStartsAt)}`,
        '',
      ]);
    case 'declined':
      return mail(`${facts.otherName} declined the new time for your ${lesson}`, [
        `${facts.otherName} declined the new time you proposed for your ${lesson}.`,
        `It stays at its time: ${when(facts.previousStartsAt)}`,
        `Not proposed any more: ${when(facts.proposedStartsAt)}`,
        `${facts.otherName} may cancel it free of charge, with a full refund.`,
        '',
      ]);
    case 'accepted':
      return {
        ...mail(`${facts.otherName} accepted the new time for your ${lesson}`, [
          `${facts.otherName} accepted the new time: your ${lesson} moved.`,
          '',
          `Was: ${when(facts.previousStartsAt)}`,
          `Now: ${when(facts.startsAt)}`,
          '',
          ...joinLines(facts, ' (the same room as before)'),
          `Add the new time to your calendar with the attached ${CALENDAR_FILENAME}.`,
        ]),
        attachments: [lessonCalendar(facts, schedule)],
      };
  }
}
