import { Loader2 } from 'lucide-react';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center text-indigo-600 dark:text-indigo-400">
      <Loader2 aria-hidden className="h-6 w-6 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
