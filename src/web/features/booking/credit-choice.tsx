import type { StudentPackageView } from '../../../contracts/payments.contract';
import { formatPrice } from '../../../domain/booking/pricing';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { LESSON_MINUTES, type LessonMinutes } from '../../../domain/scheduling/slot-length';
import { ChoiceGroup } from './choice-group';
import type { Credit } from './booking-state';
import { formatDate } from '../../lib/dates';
import { localDateKey } from '../../lib/lesson-time';

/** A bought package that can pay for a lesson now: paid, not expired, lessons left. */
export interface UsablePackage extends Credit {
  name: string;
  subject: string;
  lessonsLeft: number;
  numberOfLessons: number;
  expiresAt: string;
}

const isLessonMinutes = (minutes: number): minutes is LessonMinutes =>
  (LESSON_MINUTES as readonly number[]).includes(minutes);

/** The packages whose credits can be used at `now` (the server re-checks when scheduling). */
export function usablePackages(packages: StudentPackageView[], now: number): UsablePackage[] {
  return packages.flatMap((bought) => {
    const { expiresAt, lessonMinutes } = bought;
    const usable =
      bought.status === 'active' &&
      bought.lessonsLeft > 0 &&
      expiresAt !== null &&
      Date.parse(expiresAt) > now &&
      isLessonMinutes(lessonMinutes);
    return usable ? [{ ...bought, expiresAt, lessonMinutes }] : [];
  });
}

/** 'Mar 12' (the year too when it is not this year's) on the student's clock. */
export function validUntil(expiresAt: string, zone: string, now: number): string {
  const year = (instant: string | number) => localDateKey(instant, zone).slice(0, 4);
  return formatDate(expiresAt, 'date', zone, year(expiresAt) === year(now));
}

const PAY = '';

/**
 * In single mode, for a student who bought a package from this tutor: pay for this lesson, or
 * take it from a package ('3 of 5 lessons left, valid until 12 March'). A package lesson is
 * that package's subject and length, said under the choice.
 */
export function CreditChoice({
  packages,
  selected,
  singlePriceCents,
  zone,
  now,
  onChange,
}: {
  packages: UsablePackage[];
  selected: UsablePackage | null;
  singlePriceCents: number;
  zone: string;
  now: number;
  onChange: (credit: UsablePackage | null) => void;
}) {
  return (
    <div>
      <ChoiceGroup
        legend={M.payWithLegend}
        layout="stack"
        choices={[
          { value: PAY, label: M.payForLesson, hint: formatPrice(singlePriceCents) },
          ...packages.map((bought) => ({
            value: bought.id,
            label: M.useCredit,
            hint: (
              <>
                <span className="font-medium">{bought.name}</span>
                {' — '}
                {P.creditsLeft(
                  bought.lessonsLeft,
                  bought.numberOfLessons,
                  validUntil(bought.expiresAt, zone, now),
                )}
              </>
            ),
          })),
        ]}
        value={selected?.id ?? PAY}
        onChange={(value) => onChange(packages.find((bought) => bought.id === value) ?? null)}
      />
      {selected && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {M.creditPinsLesson(selected.lessonMinutes, selected.subject)}
        </p>
      )}
    </div>
  );
}
