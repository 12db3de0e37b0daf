import { Search } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonsOverview } from './lessons-overview';
import { paths } from '../../lib/paths';
import { ReviewPrompts } from './review-prompts';

/** The student's home: a greeting and the next lesson, or the way to book one. */
export function StudentOverviewPage() {
  return (
    <div className="space-y-6">
      <LessonsOverview
        viewer="student"
        schedulePath={paths.student.schedule}
        emptyHint={M.noLessonsStudentHint}
        action={{
          to: paths.student.tutors,
          label: M.findTutors,
          icon: <Search aria-hidden className="h-4 w-4" />,
        }}
      />
      <div className="mx-auto max-w-4xl">
        <ReviewPrompts />
      </div>
    </div>
  );
}
