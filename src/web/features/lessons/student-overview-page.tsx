import { Search } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonsOverview } from './lessons-overview';
import { paths } from '../../lib/paths';
import { ReviewPrompts } from './review-prompts';

const findTutors = {
  to: paths.student.tutors,
  label: M.findTutors,
  icon: <Search aria-hidden className="h-4 w-4" />,
};

/** The student's home: a greeting and the next lesson, or the way to book one. */
export function StudentOverviewPage() {
  return (
    <LessonsOverview viewer="student" emptyHint={M.noLessonsStudentHint} action={findTutors}>
      <ReviewPrompts />
    </LessonsOverview>
  );
}
