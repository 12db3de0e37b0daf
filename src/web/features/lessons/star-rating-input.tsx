import { Star } from 'lucide-react';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { MAX_RATING } from '../../../domain/reviews/review-rules';

/**
 * Choosing 1–5 stars: a group of native radio buttons (arrow keys move between them, one tab
 * stop), each drawn as a star; the stars up to the chosen one are filled.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{M.rating}</legend>
      <div className="flex gap-1">
        {Array.from({ length: MAX_RATING }, (_, index) => {
          const stars = index + 1;
          return (
            <label key={stars} className="cursor-pointer">
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className="peer sr-only"
                aria-label={M.starLabel(stars)}
              />
              <Star
                aria-hidden
                className={`h-8 w-8 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 ${
                  stars <= value
                    ? 'fill-amber-400 text-amber-500'
                    : 'text-slate-400 dark:text-slate-500'
                }`}
              />
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
