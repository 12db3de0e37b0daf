import { AlertCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { Button } from './button';

// The three states a page's data passes through before it shows: loading (a skeleton shaped
// like what is coming), failed (what failed and a way to ask again), and nothing to show.

/** Grey blocks where rows will be, announced to screen readers by `label`. */
export function LoadingSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden className="h-16 rounded-lg bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}

export function ErrorPanel({
  message,
  onRetry,
  retryLabel = BOOKING_MESSAGES.tryAgain,
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950"
    >
      <AlertCircle aria-hidden className="mx-auto h-8 w-8 text-red-600 dark:text-red-400" />
      <p className="mt-2 font-semibold text-red-900 dark:text-red-100">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <Icon aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
