import type { Role } from '../../../domain/accounts/account-rules';
import { lessonWhen } from '../../adapters/mail/booking-emails';
import { lessonEventUid, type CalendarEvent } from '../../adapters/mail/calendar-event';
import { lessonRoomUrl } from '../../../domain/booking/classroom';
import type { FeedLessonRow } from './calendar-feed.repository';

// A lesson as an event in its party's calendar feed. The same UID as the booking email's
// lesson.ics, so a calendar that has both keeps one entry; each change of the lesson (a
// cancellation, a note, a room) raises its SEQUENCE.

const MS_PER_MINUTE = 60_000;

export interface FeedReader {
  role: Role;
  /** The zone the reader's times are told in (the description; the event itself is UTC). */
  timezone: string;
  /** The app's public URL: the event links back to the lesson. */
  publicUrl: string;
  /** When the feed is made (DTSTAMP), from the app's clock. */
  now: Date;
}

export function lessonFeedEvent(row: FeedLessonRow, reader: FeedReader): CalendarEvent {
  const canceled = row.status === 'canceled';
  const other = reader.role === 'student' ? row.tutor_name : row.student_name;
  // People are told when the lesson ends (its length), not when its slot does, as in the emails.
  const endsAt = new Date(row.starts_at.getTime() + row.duration_minutes * MS_PER_MINUTE);
  const url = lessonPageUrl(row, reader);
  const room = lessonRoomUrl({ id: row.id, meetingUrl: row.meeting_url }, reader.publicUrl);
  const kind = row.is_trial ? 'free trial lesson' : 'lesson';
  return {
    uid: lessonEventUid(row.id),
    sequence: sequenceOf(row),
    stampedAt: reader.now,
    lastModified: row.updated_at,
    startsAt: row.starts_at,
    endsAt,
    summary: `${row.subject} lesson with ${other}`,
    description: [
      lessonWhen(row.starts_at, row.duration_minutes, reader.timezone),
      `Tutora ${kind}, ${row.duration_minutes} minutes${canceled ? ', canceled' : ''}.`,
      ...(canceled ? [] : [`Join: ${room}`]),
      `Your lessons: ${url}`,
    ].join('\n'),
    location: canceled ? (row.meeting_url ?? undefined) : room,
    url,
    status: canceled ? 'CANCELLED' : 'CONFIRMED',
  };
}

/**
 * RFC 5545's SEQUENCE: 0 as booked (as in the booking email), one more for each change of what
 * the event shows, counted by the database (migration 025-c).
 */
const sequenceOf = (row: FeedLessonRow) => row.revision;

/**
 * Where the reader finds the lesson in the app: My Schedule while it is coming, My Lessons
 * once it has ended or was canceled (the pages that list it then).
 */
function lessonPageUrl(row: FeedLessonRow, reader: FeedReader): string {
  const past = row.status === 'canceled' || row.ends_at <= reader.now;
  const base = reader.publicUrl.replace(/\/+$/, '');
  return `${base}/${reader.role}/${past ? 'lessons' : 'schedule'}`;
}
