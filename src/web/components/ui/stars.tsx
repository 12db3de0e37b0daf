import { Star } from 'lucide-react';
import { MAX_RATING } from '../../../domain/reviews/review-rules';

/** A rating shown as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, size = 'h-4 w-4' }: { rating: number; size?: string }) {
  return (
    <span className="flex" role="img" aria-label={`${rating} out of ${MAX_RATING} stars`}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star
          key={index}
          aria-hidden
          className={`${size} ${index < rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300 dark:text-slate-600'}`}
        />
      ))}
    </span>
  );
}
