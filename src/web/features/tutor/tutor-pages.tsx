import { CalendarPlus } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonsOverview } from '../../components/lessons/lessons-overview';

/** The tutor's home: a greeting and the next lesson, or a nudge to open their calendar. */
export function TutorOverviewPage() {
  return (
    <LessonsOverview
      viewer="tutor"
      schedulePath="/tutor/schedule"
      emptyHint={M.noLessonsTutorHint}
      action={{
        to: '/tutor/schedule',
        label: M.setAvailability,
        icon: <CalendarPlus aria-hidden className="h-4 w-4" />,
      }}
    />
  );
}

export const TUTOR_PLACEHOLDERS = {
  lessons: ['My Lessons', 'Lessons you have taught and will teach.'],
  students: ['My Students', 'The students who book you.'],
  messages: ['Messages', 'Conversations with your students will appear here.'],
  earnings: ['Earnings', 'Your payouts and lesson earnings will appear here.'],
  settings: ['Settings', 'Edit your account, timezone and password here.'],
  help: ['Help Center', 'Answers to common questions and a way to reach support.'],
} as const;
