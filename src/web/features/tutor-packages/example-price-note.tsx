import { Calculator } from 'lucide-react';
import { PACKAGE_LIMITS as L } from '../../../domain/booking/packages';
import { formatMoney } from '../../../domain/money';
import { TUTOR_PACKAGES_MESSAGES as M } from '../../../domain/messages';
import { EXAMPLE_LESSON_MINUTES, examplePrice } from './example-price';

const isWithin = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** What students pay for this package at the tutor's rate (nothing while the numbers are off). */
export function ExamplePrice({
  hourlyRateCents,
  lessons,
  discountPercent,
}: {
  hourlyRateCents: number | null;
  lessons: number;
  discountPercent: number;
}) {
  const valid =
    isWithin(lessons, L.minLessons, L.maxLessons) &&
    isWithin(discountPercent, 0, L.maxDiscountPercent);
  if (hourlyRateCents === null)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{M.exampleUnavailable}</p>;
  if (!valid) return null;
  const price = examplePrice(hourlyRateCents, lessons, discountPercent);
  return (
    <div
      data-testid="example-price"
      aria-live="polite"
      className="flex gap-2 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
    >
      <Calculator aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        {M.examplePrice(
          lessons,
          EXAMPLE_LESSON_MINUTES,
          formatMoney(price.totalCents),
          formatMoney(price.perLessonCents),
        )}{' '}
        <span className="text-indigo-800 dark:text-indigo-200">
          {M.exampleBase(
            EXAMPLE_LESSON_MINUTES,
            formatMoney(price.singleCents),
            formatMoney(hourlyRateCents, 'USD', { wholeWithoutCents: true }),
          )}
        </span>
      </p>
    </div>
  );
}
