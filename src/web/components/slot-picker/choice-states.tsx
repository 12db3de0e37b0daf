import type { ReactNode } from 'react';
import { Button } from '../ui/button';

// The booking modal's lists to choose from (times, packages) say the same way that they could
// not load or that there is nothing to choose.

/** What could not load, and a Retry that asks again. */
export function ChoicesFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-red-700 dark:text-red-300">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** Why there is nothing to choose from. */
export function NoChoices({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}
