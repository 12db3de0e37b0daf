import { Check, X } from 'lucide-react';
import { useId } from 'react';
import type { ApprovalItem } from '../../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../../domain/admin/approval-messages';
import { formatRate } from '../../../../domain/tutors/tutor-card';
import { AboutSection } from '../../../components/tutor-profile/about-section';
import {
  EducationSection,
  SkillsSection,
  TeachingApproachSection,
  VideoSection,
} from '../../../components/tutor-profile/profile-details';
import { ProfileSection } from '../../../components/tutor-profile/profile-section';
import { Button } from '../../../components/ui/button';
import { useDateTime, weekdayName } from './dates';
import { DecisionHistory } from './decision-history';

/** The tutor's weekly hours in their own zone, one line per day ('Mon 09:00–12:00, 14:00–16:00'). */
function AvailabilitySummary({ item }: { item: ApprovalItem }) {
  const { slots, timezone } = item.profile.availability;
  const days = [1, 2, 3, 4, 5, 6, 0]
    .map((day) => ({
      day,
      hours: slots
        .filter((slot) => slot.dayOfWeek === day)
        .map((slot) => `${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}`),
    }))
    .filter((entry) => entry.hours.length > 0);
  return (
    <ProfileSection title={M.availability}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{timezone}</p>
      {days.length === 0 ? (
        <p className="text-sm">{M.noAvailability}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {days.map((entry) => (
            <li key={entry.day}>
              <span className="inline-block w-12 font-medium">{weekdayName(entry.day)}</span>
              {entry.hours.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

/**
 * One profile as students will see it (photo, video, every section), who submitted it and
 * when, its history of decisions, and the two decisions.
 */
export function ApprovalReview({
  item,
  deciding,
  onApprove,
  onReject,
}: {
  item: ApprovalItem;
  deciding: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { profile } = item;
  const dateTime = useDateTime();
  const headingId = useId();
  const historyId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-5">
      <header className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {profile.avatarUrl ? (
            <img
              src={profile.avatarUrl}
              alt={M.photoAlt(profile.name)}
              className="h-28 w-28 shrink-0 rounded-full object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1 space-y-1">
            <h2 id={headingId} className="text-xl font-bold break-words">
              {profile.name}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {M.submitted(dateTime(item.submittedAt))}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium">{M.email}</dt>
              <dd className="break-all">{item.email}</dd>
              <dt className="font-medium">{M.country}</dt>
              <dd>{profile.location}</dd>
              <dt className="font-medium">{M.timezone}</dt>
              <dd>{profile.availability.timezone}</dd>
              <dt className="font-medium">{M.rate}</dt>
              <dd>{formatRate(profile.hourlyRateCents)}</dd>
            </dl>
          </div>
        </div>
        {item.status === 'pending' && (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={onApprove} disabled={deciding}>
              <Check aria-hidden className="h-4 w-4" />
              {M.approve}
            </Button>
            <Button variant="secondary" onClick={onReject} disabled={deciding}>
              <X aria-hidden className="h-4 w-4" />
              {M.reject}
            </Button>
          </div>
        )}
      </header>
      <AboutSection bio={profile.bio} />
      <VideoSection tutor={profile} />
      <SkillsSection tutor={profile} />
      <EducationSection tutor={profile} />
      <TeachingApproachSection tutor={profile} />
      <AvailabilitySummary item={item} />
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <DecisionHistory history={item.history} titleId={historyId} />
      </div>
    </article>
  );
}
