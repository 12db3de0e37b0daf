import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../components/ui/button';
import type { LessonViewer } from './lesson-status';
import { NextLessonCard } from './next-lesson-card';

/**
 * A dashboard's overview: a greeting, then the next lesson or the main thing to do instead
 * (`action`), then the role's own section (`children`).
 */
export function LessonsOverview({
  viewer,
  emptyHint,
  action,
  children,
}: {
  viewer: LessonViewer;
  emptyHint: string;
  action: { to: string; label: string; icon: ReactNode };
  children: ReactNode;
}) {
  const { user } = useSession();
  return (
    <div className="space-y-6">
      <div className="mx-auto max-w-4xl space-y-6">
        <h1 className="text-2xl font-bold">Welcome, {user?.firstName ?? ''}</h1>
        <NextLessonCard
          viewer={viewer}
          schedulePath={paths[viewer].schedule}
          emptyHint={emptyHint}
          emptyAction={
            <ButtonLink to={action.to}>
              {action.icon}
              {action.label}
            </ButtonLink>
          }
        />
      </div>
      <div className="mx-auto max-w-4xl">{children}</div>
    </div>
  );
}
