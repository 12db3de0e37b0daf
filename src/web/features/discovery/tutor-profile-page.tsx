import { ArrowLeft, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import { ReportDialog, type ReportTarget } from '../../components/report/report-dialog';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/notify';
import { AboutSection } from '../../components/tutor-profile/about-section';
import { AvailabilitySection } from './availability-section';
import { useTutorProfile } from '../../lib/tutor-profile-query';
import { ProfileHeader } from './profile-header';
import {
  EducationSection,
  SkillsSection,
  TeachingApproachSection,
  VideoSection,
} from '../../components/tutor-profile/profile-details';
import { ReviewsSection } from './reviews-section';
import { paths } from '../../lib/paths';

/** Back in history, or to the search when the profile was opened directly (no history). */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.student.tutors);
  };
}

function NotFound({ onBack }: { onBack: () => void }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900">
      <UserX aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
      <h1 className="mt-3 text-xl font-bold">{M.profileNotFound}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{M.loadProfileFailedText}</p>
      <Button className="mt-5" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" /> Go Back
      </Button>
    </div>
  );
}

/** The page's shape while the profile loads: the header card, then sections. */
function ProfileSkeleton() {
  const block =
    'rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900';
  const line = 'rounded bg-slate-200 dark:bg-slate-800';
  return (
    <div role="status" className="mx-auto max-w-4xl animate-pulse space-y-5">
      <span className="sr-only">Loading tutor profile</span>
      <div aria-hidden className="h-5 w-32 rounded bg-slate-200 dark:bg-slate-800" />
      <div aria-hidden className={`${block} flex gap-5`}>
        <div className="h-24 w-24 shrink-0 rounded-full bg-slate-200 dark:bg-slate-800" />
        <div className="flex-1 space-y-3 py-1">
          <div className={`${line} h-6 w-1/2`} />
          <div className={`${line} h-4 w-1/3`} />
          <div className={`${line} h-4 w-2/3`} />
          <div className={`${line} h-10 w-40`} />
        </div>
      </div>
      {[0, 1].map((index) => (
        <div key={index} aria-hidden className={`${block} space-y-3`}>
          <div className={`${line} h-5 w-40`} />
          <div className={`${line} h-4 w-full`} />
          <div className={`${line} h-4 w-5/6`} />
        </div>
      ))}
    </div>
  );
}

/** The tutor profile page (/student/tutors/{tutorId}): the header, then one section per part of the profile. */
export function TutorProfilePage() {
  const { tutorId = '' } = useParams();
  const goBack = useGoBack();
  const { data: tutor, isPending, isError } = useTutorProfile(tutorId);
  // One report dialog for the tutor and each of their reviews.
  const [reportTarget, setReportTarget] = useState<ReportTarget | null>(null);

  useEffect(() => {
    if (isError) notify.error(M.loadProfileFailed, 'tutor-profile-error');
  }, [isError]);

  if (isPending) return <ProfileSkeleton />;
  if (isError || !tutor) return <NotFound onBack={goBack} />;

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <button
        type="button"
        onClick={goBack}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to search
      </button>
      <ProfileHeader
        tutor={tutor}
        onReport={() => setReportTarget({ kind: 'user', userId: tutor.userId, name: tutor.name })}
      />
      <AboutSection bio={tutor.bio} />
      <EducationSection tutor={tutor} />
      <SkillsSection tutor={tutor} />
      <TeachingApproachSection tutor={tutor} />
      <VideoSection tutor={tutor} />
      <AvailabilitySection tutor={tutor} />
      <ReviewsSection
        tutor={tutor}
        onReportReview={(reviewId) => setReportTarget({ kind: 'review', reviewId })}
      />
      <ReportDialog target={reportTarget} onClose={() => setReportTarget(null)} />
    </div>
  );
}
