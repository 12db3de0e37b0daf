import { lazy, Suspense, useMemo, useState } from 'react';
import { viewerWeek, windowsByWeekday } from '../../../domain/availability/viewer-week';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useReferenceData } from '../../lib/reference-data';
import { useAccountZone } from '../../lib/account-zone';
import { weeklyWindowText } from '../../lib/dates';
import { ProfileSection } from '../../components/tutor-profile/profile-section';

// The calendar is a large chunk: loaded only when someone opens the full schedule.
const ReadOnlyWeek = lazy(() => import('../../components/availability/read-only-week'));

/** Availability: a weekly summary per day in the viewer's zone, the full week on request. */
export function AvailabilitySection({ tutor }: { tutor: TutorProfileResponse }) {
  const [showCalendar, setShowCalendar] = useState(false);
  const { daysOfWeek } = useReferenceData().settings;
  const zone = useAccountZone();
  const windows = useMemo(
    () =>
      viewerWeek({
        weekly: tutor.availability.slots,
        tutorZone: tutor.availability.timezone,
        viewerZone: zone,
        now: new Date(),
      }),
    [tutor.availability, zone],
  );
  const byDay = windowsByWeekday(windows);

  if (windows.length === 0)
    return (
      <ProfileSection title="Availability">
        <p className="text-sm text-slate-600 dark:text-slate-400">{M.noAvailability}</p>
      </ProfileSection>
    );

  return (
    <ProfileSection
      title="Availability"
      action={
        <Button
          variant="secondary"
          aria-expanded={showCalendar}
          onClick={() => setShowCalendar((value) => !value)}
        >
          {showCalendar ? M.hideSchedule : M.showFullSchedule}
        </Button>
      }
    >
      <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">
        Times in your timezone ({zone}); the tutor’s is {tutor.availability.timezone}.
      </p>
      <dl
        className="divide-y divide-slate-100 text-sm dark:divide-slate-800"
        data-testid="availability-summary"
      >
        {daysOfWeek.map(({ dow, name }) => (
          <div key={dow} className="flex flex-wrap justify-between gap-2 py-2">
            <dt className="font-medium">{name}</dt>
            <dd className={byDay[dow]?.length ? '' : 'text-slate-500 dark:text-slate-400'}>
              {byDay[dow]?.length ? byDay[dow].map(weeklyWindowText).join(', ') : 'Not available'}
            </dd>
          </div>
        ))}
      </dl>
      {showCalendar && (
        <div className="mt-4">
          <Suspense
            fallback={
              <div className="grid place-items-center py-10">
                <Spinner label="Loading schedule" />
              </div>
            }
          >
            <ReadOnlyWeek windows={windows} />
          </Suspense>
        </div>
      )}
    </ProfileSection>
  );
}
