import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { ButtonLink } from '../../components/ui/button';
import type { LessonViewer } from './lesson-status';
import { NextLessonCard } from './next-lesson-card';

/** A dashboard's overview: a greeting, then the next lesson or the main thing to do instead. */
export function LessonsOverview({
  viewer,
  schedulePath,
  emptyHint,
  action,
}: {
  viewer: LessonViewer;
  schedulePath: string;
  emptyHint: string;
  action: { to: string; label: string; icon: ReactNode };
}) {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">Welcome, {user?.firstName ?? ''}</h1>
      <NextLessonCard
        viewer={viewer}
        schedulePath={schedulePath}
        emptyHint={emptyHint}
        emptyAction={
          <ButtonLink to={action.to}>
            {action.icon}
            {action.label}
          </ButtonLink>
        }
      />
    </div>
  );
}
