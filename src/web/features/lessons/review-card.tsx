import type { ReactNode } from 'react';
import { TitledCard } from '../../components/ui/titled-card';

/** The reviews' card on both overviews: a titled card, with a line of facts under the title. */
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
    <TitledCard titleId={titleId} title={title}>
      {facts && <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{facts}</p>}
      {children}
    </TitledCard>
  );
}
