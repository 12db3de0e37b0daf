import { Archive, ArchiveRestore, CheckCircle2, Pencil } from 'lucide-react';
import type { TutorPackage } from '../../../contracts/packages.contract';
import { formatMoney } from '../../../domain/money';
import { TUTOR_PACKAGES_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { EXAMPLE_LESSON_MINUTES, examplePrice } from './example-price';

function StatusBadge({ active }: { active: boolean }) {
  const Icon = active ? CheckCircle2 : Archive;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active
          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/70 dark:text-emerald-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
      }`}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {active ? M.active : M.retired}
    </span>
  );
}

/** One of the tutor's packages: its terms, what students pay, and what can be done with it. */
export function PackageCard({
  pkg,
  subjectName,
  hourlyRateCents,
  busy,
  onEdit,
  onRetire,
  onReactivate,
}: {
  pkg: TutorPackage;
  /** Null: any subject. */
  subjectName: string | null;
  hourlyRateCents: number | null;
  busy: boolean;
  onEdit: () => void;
  onRetire: () => void;
  onReactivate: () => void;
}) {
  const price =
    hourlyRateCents === null
      ? null
      : examplePrice(hourlyRateCents, pkg.numberOfLessons, pkg.discountPercentage);
  const facts = [
    M.lessons(pkg.numberOfLessons),
    M.discountOff(pkg.discountPercentage),
    M.validFor(pkg.validityDays),
    subjectName ?? M.anySubject,
    M.timesBought(pkg.timesBought),
  ];
  return (
    <li
      data-testid="tutor-package"
      className={`flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800 ${
        pkg.isActive ? '' : 'bg-slate-50 dark:bg-slate-900/50'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{pkg.name}</h3>
        <StatusBadge active={pkg.isActive} />
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        {facts.map((fact, index) => (
          <li
            key={index}
            className="after:ml-3 after:text-slate-400 after:content-['·'] last:after:content-none"
          >
            {fact}
          </li>
        ))}
      </ul>
      {pkg.description && (
        <p className="text-sm break-words whitespace-pre-line text-slate-600 dark:text-slate-400">
          {pkg.description}
        </p>
      )}
      {price && (
        <p className="text-sm font-medium">
          {M.examplePrice(
            pkg.numberOfLessons,
            EXAMPLE_LESSON_MINUTES,
            formatMoney(price.totalCents),
            formatMoney(price.perLessonCents),
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={onEdit}
          disabled={busy}
          aria-label={M.editNamed(pkg.name)}
        >
          <Pencil aria-hidden className="h-4 w-4" />
          {M.edit}
        </Button>
        {pkg.isActive ? (
          <Button
            variant="ghost"
            onClick={onRetire}
            disabled={busy}
            aria-label={M.retireNamed(pkg.name)}
          >
            <Archive aria-hidden className="h-4 w-4" />
            {M.retire}
          </Button>
        ) : (
          <Button
            variant="ghost"
            onClick={onReactivate}
            disabled={busy}
            aria-label={M.reactivateNamed(pkg.name)}
          >
            <ArchiveRestore aria-hidden className="h-4 w-4" />
            {M.reactivate}
          </Button>
        )}
      </div>
    </li>
  );
}
