import type { ReactNode } from 'react';

/** One titled card of the Settings page. */
export function SectionCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
