import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_UPCOMING_DAYS, UPCOMING_RANGE_DAYS } from '../../../domain/booking/booking-rules';

export type RangeDays = (typeof UPCOMING_RANGE_DAYS)[number];

/** '?days=30' -> 30; anything but a range the spec offers reads as the default (14). */
function rangeDaysFrom(params: URLSearchParams): RangeDays {
  const days = Number(params.get('days'));
  return UPCOMING_RANGE_DAYS.find((choice) => choice === days) ?? DEFAULT_UPCOMING_DAYS;
}

/** The schedule's range lives in the address, so a reload or a shared link keeps it. */
export function useRangeDays() {
  const [params, setParams] = useSearchParams();
  const days = rangeDaysFrom(params);
  const setDays = useCallback(
    (next: RangeDays) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('days', String(next));
        return updated;
      }),
    [setParams],
  );
  return [days, setDays] as const;
}
