import { Search } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonsOverview } from '../../components/lessons/lessons-overview';

/** The student's home: a greeting and the next lesson, or the way to book one. */
export function StudentOverviewPage() {
  return (
    <LessonsOverview
      viewer="student"
      schedulePath="/student/schedule"
      emptyHint={M.noLessonsStudentHint}
      action={{
        to: '/student/tutors',
        label: M.findTutors,
        icon: <Search aria-hidden className="h-4 w-4" />,
      }}
    />
  );
}

export const STUDENT_PLACEHOLDERS = {
  messages: ['Messages', 'Conversations with your tutors will appear here.'],
  billing: ['Billing', 'Your payments and receipts will appear here.'],
  settings: ['Settings', 'Edit your profile, timezone and password here.'],
  help: ['Help Center', 'Answers to common questions and a way to reach support.'],
} as const;
