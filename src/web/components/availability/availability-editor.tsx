import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  addWindowWithinCap,
  moveWindowWithinCap,
  EDITOR_DEFAULT_WINDOW_MINUTES,
  sameWindow,
  windowStartingAt,
  WEEKDAYS_MONDAY_FIRST,
} from '../../../domain/availability/window-editing';
import { weeklyHours } from '../../../domain/availability/weekly-hours';
import {
  fromMinutes,
  MAX_WEEKLY_HOURS,
  MINUTES_PER_DAY,
  toMinutes,
  type WeeklyWindow,
} from '../../../domain/availability/weekly-window';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { notify } from '../../lib/notify';
import { useReferenceData } from '../../lib/reference-data';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { AvailabilityEditorCalendar } from './availability-editor-calendar';
import { TimezoneSelect } from './timezone-select';
import { useIsMobile } from '../../lib/use-media-query';
import { timeOfDay, weeklyWindowText } from '../../lib/dates';

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
const START_TIMES = Array.from({ length: MINUTES_PER_DAY / 30 }, (_, index) => index * 30);

/**
 * The weekly availability editor (wizard step and the schedule's dialog): drag or click on the
 * calendar, or use the keyboard form below it; windows join when they overlap or lie within 30
 * minutes, and the week stays within 126 hours.
 */
export function AvailabilityEditor({
  windows,
  onWindowsChange,
  timezone,
  onTimezoneChange,
  timezoneError,
}: {
  windows: WeeklyWindow[];
  onWindowsChange: (windows: WeeklyWindow[]) => void;
  timezone: string;
  onTimezoneChange: (zone: string) => void;
  timezoneError?: string;
}) {
  const reference = useReferenceData();
  const durations = reference.slotDurations;
  const dayName = (dow: number) =>
    reference.settings.daysOfWeek.find((day) => day.dow === dow)?.name ?? String(dow);
  const isMobile = useIsMobile();
  const [mode, setMode] = useState<'scroll' | 'select'>('scroll');
  const [clickMinutes, setClickMinutes] = useState(EDITOR_DEFAULT_WINDOW_MINUTES);
  const [pendingDelete, setPendingDelete] = useState<WeeklyWindow | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [formDay, setFormDay] = useState(1);
  const [formStart, setFormStart] = useState(9 * 60);
  const ids = { duration: useId(), day: useId(), start: useId() };
  const hours = weeklyHours(windows);

  /** Applies an added or moved window, or says why not; whether it was applied. */
  const apply = (outcome: ReturnType<typeof addWindowWithinCap>) => {
    if (!outcome.ok) {
      notify.error(outcome.message);
      return false;
    }
    onWindowsChange(outcome.windows);
    notify.success(outcome.message);
    return true;
  };
  const add = (weeklyWindow: WeeklyWindow) => void apply(addWindowWithinCap(windows, weeklyWindow));
  const move = (from: WeeklyWindow, to: WeeklyWindow) =>
    apply(moveWindowWithinCap(windows, from, to));
  const remove = (weeklyWindow: WeeklyWindow) => {
    onWindowsChange(windows.filter((other) => !sameWindow(other, weeklyWindow)));
    notify.success(M.slotRemoved);
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TimezoneSelect value={timezone} onChange={onTimezoneChange} error={timezoneError} />
        <div>
          <label htmlFor={ids.duration} className="mb-1 block text-sm font-medium">
            Slot duration
          </label>
          <select
            id={ids.duration}
            value={clickMinutes}
            onChange={(event) => setClickMinutes(Number(event.target.value))}
            className={`${selectClass} w-full py-2.5`}
          >
            {durations.map((duration) => (
              <option key={duration.value} value={duration.minutes}>
                {duration.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {isMobile
            ? 'Switch to Select, then press and hold a time to add a slot. Hold a slot and slide to move it; tap it to delete it.'
            : 'Drag across the calendar, or click a time to add a slot of the chosen length. Drag a slot or its lower edge to move or resize it; click it to delete it.'}
        </p>
        <span
          data-testid="weekly-hours"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            hours > MAX_WEEKLY_HOURS
              ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300'
              : 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
          }`}
        >
          {hours} / {MAX_WEEKLY_HOURS} hours per week
        </span>
      </div>

      {isMobile && (
        <div
          role="group"
          aria-label="Calendar mode"
          className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
        >
          {(['scroll', 'select'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                mode === value ? 'bg-indigo-600 text-white' : 'text-slate-700 dark:text-slate-300'
              }`}
            >
              {value === 'scroll' ? 'Scroll' : 'Select'}
            </button>
          ))}
        </div>
      )}

      <AvailabilityEditorCalendar
        windows={windows}
        clickMinutes={clickMinutes}
        selectable={!isMobile || mode === 'select'}
        compact={isMobile}
        onAdd={add}
        onMove={move}
        onWindowClick={setPendingDelete}
      />

      <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">Add a slot</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={ids.day} className="mb-1 block text-xs">
              Day
            </label>
            <select
              id={ids.day}
              value={formDay}
              onChange={(event) => setFormDay(Number(event.target.value))}
              className={selectClass}
            >
              {WEEKDAYS_MONDAY_FIRST.map((dow) => (
                <option key={dow} value={dow}>
                  {dayName(dow)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.start} className="mb-1 block text-xs">
              Start
            </label>
            <select
              id={ids.start}
              value={formStart}
              onChange={(event) => setFormStart(Number(event.target.value))}
              className={selectClass}
            >
              {START_TIMES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {timeOfDay(fromMinutes(minutes))}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            onClick={() => add(windowStartingAt(formDay, formStart, clickMinutes))}
          >
            Add slot
          </Button>
        </div>
      </fieldset>

      <div>
        <div className="mb-2 flex items-center justify-between">
          <h3 className="text-sm font-semibold">Your weekly slots</h3>
          {windows.length > 0 && (
            <Button variant="ghost" className="px-2 py-1" onClick={() => setConfirmClear(true)}>
              Clear all
            </Button>
          )}
        </div>
        {windows.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No slots yet.</p>
        ) : (
          <ul className="grid gap-1 sm:grid-cols-2" aria-label="Your weekly slots">
            {[...windows]
              .sort(
                (a, b) =>
                  WEEKDAYS_MONDAY_FIRST.indexOf(a.dayOfWeek as never) -
                    WEEKDAYS_MONDAY_FIRST.indexOf(b.dayOfWeek as never) ||
                  toMinutes(a.startTime) - toMinutes(b.startTime),
              )
              .map((weeklyWindow) => {
                const label = `${dayName(weeklyWindow.dayOfWeek)} ${weeklyWindowText(weeklyWindow)}`;
                return (
                  <li
                    key={label}
                    className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-1.5 text-sm dark:bg-slate-800"
                  >
                    <span>{label}</span>
                    <button
                      type="button"
                      aria-label={`Delete ${label}`}
                      onClick={() => setPendingDelete(weeklyWindow)}
                      className="rounded p-1 text-slate-500 hover:text-red-600"
                    >
                      <Trash2 aria-hidden className="h-4 w-4" />
                    </button>
                  </li>
                );
              })}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete slot"
        message={M.deleteSlotConfirm}
        confirmLabel="Delete"
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete) remove(pendingDelete);
          setPendingDelete(null);
        }}
      />
      <ConfirmDialog
        open={confirmClear}
        title="Clear all slots"
        message="Remove every availability slot of the week?"
        confirmLabel="Clear all"
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          onWindowsChange([]);
          setConfirmClear(false);
          notify.success(M.slotsCleared);
        }}
      />
    </div>
  );
}
