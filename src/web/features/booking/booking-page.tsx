import { BadgeCheck, BookOpen } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { BOOKING_MESSAGES as M, DISCOVERY_MESSAGES } from '../../../domain/messages';
import { formatRate } from '../../../domain/tutors/tutor-card';
import { useLeave } from './use-leave';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useTutorProfile } from '../../lib/tutor-profile-query';
import { BookingModal } from './booking-modal';
import { paths } from '../../lib/paths';

/** Who is being booked, behind the modal: name, rate and subjects. */
function TutorSummary({ tutor }: { tutor: TutorProfileResponse }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-sm text-slate-600 dark:text-slate-400">Booking a lesson with</p>
      <h1 className="mt-1 flex items-center gap-2 text-2xl font-bold">
        {tutor.name}
        {tutor.isVerified && (
          <>
            <BadgeCheck aria-hidden className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
            <span className="sr-only">Verified tutor</span>
          </>
        )}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
        <span>{formatRate(tutor.hourlyRateCents)} per hour</span>
        <span className="inline-flex items-center gap-1.5">
          <BookOpen aria-hidden className="h-4 w-4" />
          {tutor.subjects.map((subject) => subject.name).join(', ')}
        </span>
      </p>
    </section>
  );
}

/**
 * /booking/plan/:tutorId: the booking modal over the tutor's summary. Closing it goes back
 * where the student came from, or to the tutor's profile when opened directly.
 */
export function BookingPage() {
  const { tutorId = '' } = useParams();
  const leave = useLeave(paths.tutorProfile(tutorId));
  const tutor = useTutorProfile(tutorId);

  // A tutor that cannot be loaded closes the modal ('Tutor profile not found').
  const failed = tutor.isError;
  useEffect(() => {
    if (!failed) return;
    const notFound = tutor.error instanceof ApiError && tutor.error.code === 'NOT_FOUND';
    notify.error(
      notFound ? M.tutorNotFound : DISCOVERY_MESSAGES.loadProfileFailed,
      'booking-tutor',
    );
    leave();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [failed]);

  if (tutor.isPending)
    return (
      <div className="grid place-items-center py-24">
        <Spinner label="Loading tutor" />
      </div>
    );
  if (!tutor.data) return null;
  return (
    <div className="mx-auto max-w-3xl">
      <TutorSummary tutor={tutor.data} />
      <BookingModal tutor={tutor.data} onClose={leave} />
    </div>
  );
}
