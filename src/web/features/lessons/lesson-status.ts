import type { Lesson } from '../../../contracts/booking.contract';
import type { LessonStatus } from '../../../domain/booking/booking-rules';

/** 'in_progress' -> 'In Progress', 'no_show' -> 'No Show': a status is shown capitalised. */
export const statusLabel = (status: LessonStatus) =>
  status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The meeting address when it is a web link: anything else (javascript:, typos) is not linked. */
export function safeMeetingUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Join Lesson only while the lesson is in progress and has a meeting link. */
export const joinUrlOf = (lesson: Lesson) =>
  lesson.status === 'in_progress' ? safeMeetingUrl(lesson.meetingUrl) : null;

/** The person on the other side of the lesson: a student sees the tutor, a tutor the student. */
export type LessonViewer = 'student' | 'tutor';
export const otherPartyOf = (lesson: Lesson, viewer: LessonViewer) =>
  viewer === 'student' ? lesson.tutor : lesson.student;
