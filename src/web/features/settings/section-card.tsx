import type { ReactNode } from 'react';
import { TitledCard } from '../../components/ui/titled-card';

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
    <TitledCard titleId={id} title={title}>
      {intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p>}
      <div className="mt-4">{children}</div>
    </TitledCard>
  );
}
