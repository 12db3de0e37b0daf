import { useId } from 'react';
import type { DaySlot } from '../../../domain/scheduling/generate-slots';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { clockTime } from '../../lib/lesson-time';
import { slotsByPeriod } from './booking-week';
import { ChoicesFailed, NoChoices } from './choice-states';

function PeriodGroup({
  label,
  slots,
  zone,
  selected,
  onSelect,
}: {
  label: string;
  slots: DaySlot[];
  zone: string;
  selected: string | null;
  onSelect: (start: string) => void;
}) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <h4 id={headingId} className="mb-2 text-xs font-semibold text-slate-600 dark:text-slate-300">
        {label}
      </h4>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((slot) => {
          const pressed = slot.startTime === selected;
          return (
            <button
              key={slot.startTime}
              type="button"
              aria-pressed={pressed}
              data-slot-time={slot.slotLabel}
              onClick={() => onSelect(slot.startTime)}
              className={`rounded-lg border px-2 py-2 text-sm font-medium transition-colors ${
                pressed
                  ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500'
                  : 'border-slate-300 bg-white hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-500'
              }`}
            >
              {clockTime(slot.startTime, zone)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The selected day's start times under Morning / Afternoon / Evening, in the chosen zone. */
export function TimeSlots({
  state,
  zone,
  selected,
  onSelect,
  onRetry,
}: {
  state: { status: 'loading' } | { status: 'error' } | { status: 'ready'; slots: DaySlot[] };
  zone: string;
  selected: string | null;
  onSelect: (start: string) => void;
  onRetry: () => void;
}) {
  if (state.status === 'loading')
    return (
      <div role="status" aria-busy="true" className="grid animate-pulse gap-2">
        <span className="sr-only">Loading times</span>
        <div className="h-3 w-20 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="h-9 rounded-lg bg-slate-100 dark:bg-slate-800" />
          ))}
        </div>
      </div>
    );
  if (state.status === 'error')
    return <ChoicesFailed message={M.loadAvailabilityFailed} onRetry={onRetry} />;
  if (state.slots.length === 0) return <NoChoices>{M.noSlots}</NoChoices>;
  return (
    <div className="space-y-4">
      {slotsByPeriod(state.slots).map(({ period, label, slots }) => (
        <PeriodGroup
          key={period}
          label={label}
          slots={slots}
          zone={zone}
          selected={selected}
          onSelect={onSelect}
        />
      ))}
    </div>
  );
}
