import { CalendarPlus } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonsOverview } from './lessons-overview';
import { paths } from '../../lib/paths';
import { TutorReviews } from './tutor-reviews';

/** The tutor's home: a greeting and the next lesson, or a nudge to open their calendar. */
export function TutorOverviewPage() {
  return (
    <div className="space-y-6">
      <LessonsOverview
        viewer="tutor"
        schedulePath={paths.tutor.schedule}
        emptyHint={M.noLessonsTutorHint}
        action={{
          to: paths.tutor.schedule,
          label: M.setAvailability,
          icon: <CalendarPlus aria-hidden className="h-4 w-4" />,
        }}
      />
      <div className="mx-auto max-w-4xl">
        <TutorReviews />
      </div>
    </div>
  );
}
