import type { ReactNode } from 'react';

interface LessonFact {
  label: string;
  value: ReactNode;
}

/** The booked lesson as label/value rows: the checkout summary and the success page. */
export function LessonFacts({ facts }: { facts: LessonFact[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {facts.map(({ label, value }) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2.5">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
