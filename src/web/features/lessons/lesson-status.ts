import type { Lesson } from '../../../contracts/booking.contract';
import type { LessonStatus } from '../../../domain/booking/booking-rules';

/** 'in_progress' -> 'In Progress', 'no_show' -> 'No Show': a status is shown capitalised. */
export const statusLabel = (status: LessonStatus) =>
  status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The person on the other side of the lesson: a student sees the tutor, a tutor the student. */
export type LessonViewer = 'student' | 'tutor';
export const otherPartyOf = (lesson: Lesson, viewer: LessonViewer) =>
  viewer === 'student' ? lesson.tutor : lesson.student;
