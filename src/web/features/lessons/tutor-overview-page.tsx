import type { ReactNode } from 'react';
import { CalendarPlus } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonsOverview } from './lessons-overview';
import { paths } from '../../lib/paths';
import { TutorReviews } from './tutor-reviews';

const setAvailability = {
  to: paths.tutor.schedule,
  label: M.setAvailability,
  icon: <CalendarPlus aria-hidden className="h-4 w-4" />,
};

/**
 * The tutor's home: a greeting and the next lesson, or a nudge to open their calendar; then
 * where their profile stands with the review (`approvalStatus`, another feature's panel that
 * the router passes in) and their reviews.
 */
export function TutorOverviewPage({ approvalStatus }: { approvalStatus?: ReactNode }) {
  return (
    <LessonsOverview viewer="tutor" emptyHint={M.noLessonsTutorHint} action={setAvailability}>
      {approvalStatus && <div className="mb-6">{approvalStatus}</div>}
      <TutorReviews />
    </LessonsOverview>
  );
}
