import type { ReactNode } from 'react';

/** The reviews' card on both overviews: a titled section, with a line of facts under the title. */
export function ReviewCard({
  titleId,
  title,
  facts,
  children,
}: {
  titleId: string;
  title: string;
  facts?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {facts && <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{facts}</p>}
      {children}
    </section>
  );
}
