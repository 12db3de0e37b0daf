import type { EndpointOutput } from '../../../contracts/endpoint';
import type { getEarnings } from '../../../contracts/packages.contract';
import { statusAt } from '../../../domain/booking/booking-rules';
import type { LessonsContext } from '../lessons/lessons-context';
import * as repository from './billing.repository';

// Tutor Earnings: the lessons that brought money (ended) and that will (not yet ended), each at
// its price (a package lesson at its share of the package, a trial at nothing), and what was
// earned per month in the tutor's zone, newest month first.

type Earnings = EndpointOutput<typeof getEarnings>;
type EarningsLesson = Earnings['paidLessons'][number];

const NO_PROFILE_CURRENCY = 'USD';

/** 'YYYY-MM' of an instant in a zone. */
const monthIn = (zone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
  });
  return (at: Date) => format.format(at);
};

function monthsOf(lessons: EarningsLesson[], zone: string): Earnings['months'] {
  const monthOf = monthIn(zone);
  const months = new Map<string, Earnings['months'][number]>();
  for (const lesson of lessons) {
    const month = monthOf(new Date(lesson.startTime));
    const total = months.get(month) ?? { month, paidLessons: 0, earnedCents: 0 };
    // A free trial is listed, but is not a paid lesson.
    if (!lesson.isTrial) total.paidLessons += 1;
    total.earnedCents += lesson.amountCents;
    months.set(month, total);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}

const sum = (lessons: EarningsLesson[]) =>
  lessons.reduce((total, lesson) => total + lesson.amountCents, 0);

export async function earningsOf(
  ctx: Pick<LessonsContext, 'db' | 'clock'>,
  userId: string,
): Promise<Earnings> {
  const tutor = await repository.tutorOfUser(ctx.db, userId);
  // A tutor still completing the profile has earned nothing yet.
  if (!tutor)
    return {
      currency: NO_PROFILE_CURRENCY,
      totalEarnedCents: 0,
      upcomingCents: 0,
      months: [],
      paidLessons: [],
      upcomingLessons: [],
    };
  const now = ctx.clock.now();
  const rows = await repository.earningLessons(ctx.db, tutor.id);
  const paid: EarningsLesson[] = [];
  const upcoming: EarningsLesson[] = [];
  for (const row of rows) {
    const lesson = {
      lessonId: row.id,
      studentName: row.student_name,
      subject: row.subject,
      startTime: row.starts_at.toISOString(),
      isTrial: row.is_trial,
      fromPackage: row.student_package_id !== null,
      status: statusAt(row.status, row.starts_at, row.ends_at, now),
      amountCents: row.is_trial ? 0 : row.price_cents,
    };
    (row.ends_at <= now ? paid : upcoming).push(lesson);
  }
  // Rows come soonest first: upcoming stays so, what was earned reads newest first.
  paid.reverse();
  return {
    currency: tutor.currency.trim(),
    totalEarnedCents: sum(paid),
    upcomingCents: sum(upcoming),
    months: monthsOf(paid, tutor.timezone),
    paidLessons: paid,
    upcomingLessons: upcoming,
  };
}
