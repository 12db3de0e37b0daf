import type { LessonStatus } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { statusLabel } from './lesson-status';

// Scheduled, pending, in progress and canceled lessons each have a colour; any other status
// (completed, no show) stays neutral.
const STATUS_COLOURS: Partial<Record<LessonStatus, string>> = {
  scheduled: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/70 dark:text-emerald-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/70 dark:text-amber-100',
  in_progress: 'bg-sky-100 text-sky-900 dark:bg-sky-900/70 dark:text-sky-100',
  canceled: 'bg-red-100 text-red-800 dark:bg-red-900/70 dark:text-red-100',
};
const NEUTRAL = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';

export function LessonStatusBadge({ status }: { status: LessonStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status] ?? NEUTRAL}`}
    >
      {statusLabel(status)}
    </span>
  );
}

export function TrialTag() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
      {M.trialTag}
    </span>
  );
}
