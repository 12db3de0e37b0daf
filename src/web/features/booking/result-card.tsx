import { Loader2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonFacts } from './lesson-facts';
import { paths } from '../../lib/paths';

// The frame of the pages after a checkout (success, the other outcomes, cancel): an icon, a
// title, what happened, the facts, and where to go next.

const linkButton =
  'inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors';
export const primaryLink = `${linkButton} bg-indigo-600 text-white hover:bg-indigo-700`;
export const secondaryLink = `${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/** The success page's way on: Return Home (the student's overview) and View My Lessons. */
export function SuccessActions() {
  return (
    <ResultActions>
      <Link to={paths.student.overview} className={secondaryLink}>
        {M.returnHome}
      </Link>
      <Link to={paths.student.lessons} className={primaryLink}>
        {M.viewMyLessons}
      </Link>
    </ResultActions>
  );
}

export function ResultActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">{children}</div>
  );
}

export function ResultCard({
  icon: Icon,
  iconClass,
  title,
  text,
  facts,
  children,
}: {
  icon: LucideIcon;
  iconClass: string;
  title: string;
  text?: ReactNode;
  facts?: { label: string; value: ReactNode }[];
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="result-title"
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <Icon aria-hidden className={`mx-auto h-12 w-12 ${iconClass}`} />
      <h1 id="result-title" className="mt-3 text-2xl font-bold">
        {title}
      </h1>
      {text && <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</div>}
      {facts && facts.length > 0 && (
        <div className="mt-5 rounded-lg bg-slate-50 px-4 py-1 text-left dark:bg-slate-800/60">
          <LessonFacts facts={facts} />
        </div>
      )}
      {children}
    </section>
  );
}

/** A page waiting on the server, saying what for (read out once, as a status). */
export function ResultLoading({ label }: { label: string }) {
  return (
    <div role="status" className="grid place-items-center gap-3 py-24 text-center">
      <Loader2 aria-hidden className="h-6 w-6 animate-spin text-indigo-600 dark:text-indigo-400" />
      <p className="text-slate-600 dark:text-slate-300">{label}</p>
    </div>
  );
}
