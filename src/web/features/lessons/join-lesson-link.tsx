import { ExternalLink } from 'lucide-react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';

/** Join Lesson: opens the meeting in a new tab (said to screen readers too). */
export function JoinLessonLink({ href, className = '' }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700 ${className}`}
    >
      <ExternalLink aria-hidden className="h-4 w-4" />
      {M.joinLesson}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
