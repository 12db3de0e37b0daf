import { Clock, Globe, Pencil } from 'lucide-react';
import { useState } from 'react';
import { WEEKDAYS_MONDAY_FIRST } from '../../../domain/availability/window-editing';
import { zoneCityName } from '../../../domain/availability/time-zones';
import { viewerWeek } from '../../../domain/availability/viewer-week';
import { weeklyHours } from '../../../domain/availability/weekly-hours';
import { toMinutes } from '../../../domain/availability/weekly-window';
import type { AvailabilityResponse } from '../../../contracts/tutor-profile.contract';
import { useAccountZone } from '../../lib/account-zone';
import { Button, ButtonLink } from '../../components/ui/button';
import { ChoiceChip } from '../../components/ui/choice-chip';
import { paths } from '../../lib/paths';
import { useReferenceData } from '../../lib/reference-data';
import { weeklyWindowText } from '../../lib/dates';

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

/**
 * 'Your Availability': hours per week, the zone, and each weekday's ranges. The week is kept
 * in the profile's zone; when this device is elsewhere (where the lessons below are shown) a
 * switch shows it in the device's zone too, and each label says which zone it is.
 */
export function AvailabilityCard({
  state,
  onEdit,
  onRetry,
}: {
  state:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    /** Before the wizard is submitted there is no availability: the way there, not an error. */
    | { status: 'no-profile' }
    | { status: 'ready'; availability: AvailabilityResponse };
  onEdit: () => void;
  onRetry: () => void;
}) {
  const reference = useReferenceData();
  const dayName = (dow: number) =>
    reference.settings.daysOfWeek.find((day) => day.dow === dow)?.name ?? String(dow);
  const [inAccountZone, setInAccountZone] = useState(false);
  const accountZone = useAccountZone();
  const profileZone = state.status === 'ready' ? state.availability.timezone : null;
  const zonesDiffer = profileZone !== null && profileZone !== accountZone;
  const shownZone = zonesDiffer && inAccountZone ? accountZone : profileZone;
  const slots =
    state.status !== 'ready'
      ? []
      : shownZone === profileZone || !profileZone
        ? state.availability.slots
        : viewerWeek({
            weekly: state.availability.slots,
            tutorZone: profileZone,
            viewerZone: accountZone,
            now: new Date(),
          });

  return (
    <section
      aria-labelledby="availability-title"
      className={card}
      aria-busy={state.status === 'loading'}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="availability-title" className="text-lg font-semibold">
          Your Availability
        </h2>
        {state.status === 'ready' && state.availability.slots.length > 0 && (
          <Button variant="secondary" onClick={onEdit}>
            <Pencil aria-hidden className="h-4 w-4" /> Edit
          </Button>
        )}
      </div>

      {state.status === 'loading' && (
        <div data-testid="availability-skeleton" className="mt-4 animate-pulse space-y-3">
          <div className="h-4 w-40 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 7 }, (_, index) => (
              <div key={index} className="h-16 rounded-lg bg-slate-100 dark:bg-slate-800" />
            ))}
          </div>
        </div>
      )}

      {state.status === 'no-profile' && (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Your weekly availability is the last step of your profile. Complete your profile to set
            it, so students can book lessons with you.
          </p>
          <ButtonLink to={paths.tutor.completeProfile}>Complete Profile</ButtonLink>
        </div>
      )}

      {state.status === 'error' && (
        <div role="alert" className="mt-4 space-y-3">
          <p className="text-sm text-red-600 dark:text-red-400">{state.message}</p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}

      {state.status === 'ready' && state.availability.slots.length === 0 && (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            You haven't set any availability yet. Students won't be able to book lessons with you.
          </p>
          <Button onClick={onEdit}>Set Your Availability</Button>
        </div>
      )}

      {state.status === 'ready' && state.availability.slots.length > 0 && (
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden className="h-4 w-4" />
              {weeklyHours(state.availability.slots)} hours per week
            </span>
            {shownZone && (
              <span className="inline-flex items-center gap-1.5" data-testid="availability-zone">
                <Globe aria-hidden className="h-4 w-4" />
                Times in {zoneCityName(shownZone)} time (
                {shownZone === profileZone ? "your profile's time zone" : "this device's time zone"}
                )
              </span>
            )}
          </div>
          {zonesDiffer && (
            <div role="group" aria-label="Show times in" className="flex flex-wrap gap-2">
              {[false, true].map((device) => (
                <ChoiceChip
                  key={String(device)}
                  pressed={inAccountZone === device}
                  onClick={() => setInAccountZone(device)}
                >
                  {zoneCityName(device ? accountZone : profileZone)} time
                  {device ? ' (this device, as your lessons)' : ' (your profile)'}
                </ChoiceChip>
              ))}
            </div>
          )}
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {WEEKDAYS_MONDAY_FIRST.map((dow) => {
              const ranges = slots
                .filter((slot) => slot.dayOfWeek === dow)
                .sort((a, b) => toMinutes(a.startTime) - toMinutes(b.startTime));
              return (
                <li
                  key={dow}
                  // A day without hours is dimmed by its frame, not its text, which must stay readable.
                  className={`rounded-lg border p-3 ${
                    ranges.length === 0
                      ? 'border-dashed border-slate-200 bg-slate-50 text-slate-500 dark:border-slate-800 dark:bg-slate-900/40 dark:text-slate-400'
                      : 'border-slate-200 dark:border-slate-800'
                  }`}
                >
                  <p className="text-sm font-semibold">{dayName(dow)}</p>
                  {ranges.length === 0 ? (
                    <p className="text-sm text-slate-500 dark:text-slate-400">Not available</p>
                  ) : (
                    ranges.map((slot) => (
                      <p key={slot.startTime} className="text-sm">
                        {weeklyWindowText(slot)}
                      </p>
                    ))
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
