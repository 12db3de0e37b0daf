import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** "← Back to …" above a detail page: the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" />
      {children}
    </Link>
  );
}
