import { Award, BookOpen, Clock, Flag, MapPin, Star } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import {
  BOOKING_MESSAGES,
  DISCOVERY_MESSAGES as M,
  REPORT_MESSAGES,
} from '../../../domain/messages';
import { formatRate, formatRating } from '../../../domain/tutors/tutor-card';
import { MessageButton } from '../../components/messaging/message-button';
import { Button } from '../../components/ui/button';
import { TutorAvatar } from './tutor-avatar';
import { VerifiedTick } from './tutor-badges';
import { paths } from '../../lib/paths';
import { useAccountZone } from '../../lib/account-zone';
import { useSession } from '../../lib/session';
import { trialUsedText, useTrialEligibility } from '../../lib/trial-eligibility';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The profile page's header: name, photo, tick, rating, facts, rate and the two actions. */
export function ProfileHeader({
  tutor,
  onReport,
}: {
  tutor: TutorProfileResponse;
  /** Opens the report dialog on the tutor. */
  onReport: () => void;
}) {
  const navigate = useNavigate();
  const zone = useAccountZone();
  // Only a student has a trial to book; anyone else sees the spec's button.
  const isStudent = useSession().user?.role === 'student';
  const eligibility = useTrialEligibility(tutor.id, isStudent).data;
  // Until the check answers (or when it fails) the trial is offered, as the modal assumes.
  const trialUsed = eligibility?.eligible === false;
  const facts = [
    { icon: MapPin, text: tutor.location },
    { icon: Award, text: `${plural(tutor.teachingExperience, 'year', 'years')} teaching` },
    { icon: BookOpen, text: `${plural(tutor.lessonsCompleted, 'lesson', 'lessons')} taught` },
  ];
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <TutorAvatar
          size="lg"
          firstName={tutor.firstName}
          lastName={tutor.lastName}
          avatarUrl={tutor.avatarUrl}
        />
        <div className="min-w-0 flex-1 space-y-3">
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <span>{tutor.name}</span>
            {tutor.isVerified && <VerifiedTick />}
          </h1>
          <p className="flex items-center gap-1.5 text-sm" data-testid="profile-rating">
            {tutor.rating !== null && tutor.totalReviews > 0 ? (
              <>
                <Star aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" />
                <span className="font-semibold">{formatRating(tutor.rating)}</span>
                <span className="text-slate-500 dark:text-slate-400">
                  ({plural(tutor.totalReviews, 'review', 'reviews')})
                </span>
              </>
            ) : (
              <span className="text-slate-500 dark:text-slate-400">{M.noReviewsYet}</span>
            )}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
            {facts.map(({ icon: Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-1.5">
                <Icon aria-hidden className="h-4 w-4 text-slate-400" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-3 sm:w-52 sm:items-stretch">
          <p className="text-2xl font-bold" data-testid="profile-rate">
            {formatRate(tutor.hourlyRateCents)}
            <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
              {' '}
              per hour
            </span>
          </p>
          <Button onClick={() => navigate(paths.bookingPlan(tutor.id))}>
            <Clock aria-hidden className="h-4 w-4" />
            {trialUsed ? BOOKING_MESSAGES.bookLesson : BOOKING_MESSAGES.bookTrialLesson}
          </Button>
          {eligibility?.upcomingTrial && (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="trial-booked">
              {trialUsedText(eligibility, zone)}
            </p>
          )}
          <MessageButton target={{ tutorId: tutor.id }} />
          <Button variant="ghost" onClick={onReport}>
            <Flag aria-hidden className="h-4 w-4" />
            {REPORT_MESSAGES.reportTutor}
          </Button>
        </div>
      </div>
    </header>
  );
}
