import { ArrowRight } from 'lucide-react';
import { lessonTimes } from '../../lib/lesson-time';
import { Button } from '../../components/ui/button';
import { dayParts } from '../../components/slot-picker/booking-week';

/**
 * What is chosen so far (or what is still missing) and Continue, which waits for a subject,
 * a package in package mode, a time, and the checks in flight.
 */
export function BookingFooter({
  summary,
  lessonMinutes,
  zone,
  priceText,
  missing,
  busy,
  onContinue,
}: {
  summary: { date: string; start: string } | null;
  lessonMinutes: number;
  zone: string;
  /** What it costs ('Free', '$40.00', from a package); null until a package is chosen. */
  priceText: string | null;
  /** The spec's message for the first missing choice, if any. */
  missing: string | null;
  busy: boolean;
  onContinue: () => void;
}) {
  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm" aria-live="polite" data-testid="booking-summary">
        {summary && (
          <p>
            <span className="font-semibold">{dayParts(summary.date).full}</span>
            {' · '}
            {lessonTimes(summary.start, lessonMinutes, zone)}
            {priceText !== null && (
              <>
                {' · '}
                <span className="font-semibold">{priceText}</span>
              </>
            )}
          </p>
        )}
        {missing && <p className="text-slate-600 dark:text-slate-400">{missing}</p>}
      </div>
      <Button onClick={onContinue} disabled={busy || missing !== null} className="w-full sm:w-auto">
        Continue <ArrowRight aria-hidden className="h-4 w-4" />
      </Button>
    </div>
  );
}
