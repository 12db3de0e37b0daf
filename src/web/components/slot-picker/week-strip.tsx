import { ChevronLeft, ChevronRight } from 'lucide-react';
import { dayParts, monthsOf, weekDates } from './booking-week';

const dayStyle = (pressed: boolean, open: boolean) =>
  pressed
    ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-600'
    : open
      ? 'border-slate-300 bg-white hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-500'
      : 'cursor-not-allowed border-dashed border-slate-300 bg-slate-50 text-slate-600 dark:border-slate-700 dark:bg-slate-900/40 dark:text-slate-400';

const countText = (count: number | undefined) =>
  count === undefined ? 'loading times' : count === 0 ? 'no times' : `${count} times`;

/**
 * Seven days from `from`, each with how many times it offers; arrows page a week. A day known to
 * offer no times cannot be chosen (disabled, and its label says why).
 */
export function WeekStrip({
  from,
  today,
  selected,
  counts,
  canGoBack,
  onWeek,
  onSelect,
}: {
  from: string;
  today: string;
  selected: string | null;
  /** Slots per date, once loaded. */
  counts: Map<string, number> | null;
  canGoBack: boolean;
  onWeek: (step: 1 | -1) => void;
  onSelect: (date: string) => void;
}) {
  const dates = weekDates(from);
  const arrow =
    'rounded-lg border border-slate-300 p-1.5 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold" aria-live="polite" data-testid="week-months">
          {monthsOf(dates[0]!, dates[dates.length - 1]!)}
        </p>
        <div className="flex gap-1">
          <button
            type="button"
            className={arrow}
            aria-label="Previous week"
            disabled={!canGoBack}
            onClick={() => onWeek(-1)}
          >
            <ChevronLeft aria-hidden className="h-4 w-4" />
          </button>
          <button type="button" className={arrow} aria-label="Next week" onClick={() => onWeek(1)}>
            <ChevronRight aria-hidden className="h-4 w-4" />
          </button>
        </div>
      </div>
      <div role="group" aria-label="Days" className="grid grid-cols-7 gap-1">
        {dates.map((date) => {
          const { weekday, day, full } = dayParts(date);
          const count = counts?.get(date);
          const pressed = date === selected;
          return (
            <button
              key={date}
              type="button"
              aria-pressed={pressed}
              aria-current={date === today ? 'date' : undefined}
              aria-label={`${weekday} ${day}, ${full}, ${countText(count)}`}
              data-date={date}
              disabled={count === 0}
              onClick={() => onSelect(date)}
              className={`flex flex-col items-center rounded-lg border px-0.5 py-2 text-center transition-colors ${dayStyle(pressed, count !== 0)}`}
            >
              <span className="text-xs">{weekday}</span>
              <span className="text-lg leading-6 font-semibold">{day}</span>
              <span
                aria-hidden
                className={`mt-1 h-1.5 w-1.5 rounded-full ${
                  count ? (pressed ? 'bg-white' : 'bg-emerald-500') : 'bg-transparent'
                }`}
              />
            </button>
          );
        })}
      </div>
    </div>
  );
}
