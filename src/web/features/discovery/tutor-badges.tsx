import { BadgeCheck, Star } from 'lucide-react';
import { formatRating, isNewTutor, moreLabel, withMore } from '../../../domain/tutors/tutor-card';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';

/** The verified tick next to a tutor's name. */
export function VerifiedTick() {
  return (
    <span title="Verified tutor" className="inline-flex shrink-0">
      <BadgeCheck aria-hidden className="h-5 w-5 text-sky-500 dark:text-sky-400" />
      <span className="sr-only">Verified tutor</span>
    </span>
  );
}

/** Rating and review count, or the New Tutor badge while there are no reviews. */
export function CardRating({
  rating,
  totalReviews,
}: {
  rating: number | null;
  totalReviews: number;
}) {
  if (isNewTutor(totalReviews) || rating === null)
    return (
      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">
        {M.newTutor}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Star aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" />
      <span className="font-semibold">{formatRating(rating)}</span>
      <span className="text-slate-500 dark:text-slate-400">
        ({totalReviews} {totalReviews === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

/** Two items, then "+n more", so a card stays one size however many subjects a tutor has. */
const chipTones = {
  subject: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200',
  language: 'border border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300',
} as const;

export function ChipsWithMore({
  label,
  items,
  tone,
}: {
  label: string;
  items: string[];
  tone: keyof typeof chipTones;
}) {
  const { shown, more } = withMore(items);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((item) => (
        <li
          key={item}
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${chipTones[tone]}`}
        >
          {item}
        </li>
      ))}
      {more > 0 && (
        <li className="px-1 py-0.5 text-xs font-medium whitespace-nowrap text-slate-500 dark:text-slate-400">
          {moreLabel(more)}
        </li>
      )}
    </ul>
  );
}
