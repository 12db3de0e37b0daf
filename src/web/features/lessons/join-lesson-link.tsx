import { ArrowRight, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';

const joinStyle =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700';

/**
 * Join Lesson: the built-in classroom (a path of ours) in this tab; an external room in a new
 * tab (said to screen readers too).
 */
export function JoinLessonLink({ href, className = '' }: { href: string; className?: string }) {
  if (href.startsWith('/'))
    return (
      <Link to={href} className={`${joinStyle} ${className}`}>
        <ArrowRight aria-hidden className="h-4 w-4" />
        {M.joinLesson}
      </Link>
    );
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${joinStyle} ${className}`}
    >
      <ExternalLink aria-hidden className="h-4 w-4" />
      {M.joinLesson}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
