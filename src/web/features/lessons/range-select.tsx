import { useId } from 'react';
import { UPCOMING_RANGE_DAYS } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import type { RangeDays } from './use-range-days';

/** How far ahead the lesson list reaches: the next 7, 14, 30 or 60 days. */
export function RangeSelect({
  value,
  onChange,
}: {
  value: RangeDays;
  onChange: (days: RangeDays) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {M.lessonRange}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as RangeDays)}
        className="block rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {UPCOMING_RANGE_DAYS.map((days) => (
          <option key={days} value={days}>
            {M.nextDays(days)}
          </option>
        ))}
      </select>
    </div>
  );
}
