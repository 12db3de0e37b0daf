import { UserPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { ApiError, messageOf } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useReferenceData } from '../../lib/reference-data';
import { useProfileSections } from './edit-profile-api';
import { sectionSummary } from './section-summary';
import { profileSteps } from './step-components';

const LOAD_FAILED = 'Failed to load your profile';

/**
 * My Profile: the submitted profile's six sections (the wizard's steps) with what each holds,
 * each opening its step's form. Before submission it leads to the wizard instead.
 */
export function EditProfilePage() {
  const reference = useReferenceData();
  const sections = useProfileSections();

  if (sections.isPending)
    return (
      <Frame>
        <LoadingSkeleton label="Loading your profile" rows={6} />
      </Frame>
    );
  if (sections.isError) {
    const notSubmitted = sections.error instanceof ApiError && sections.error.code === 'NOT_FOUND';
    return (
      <Frame>
        {notSubmitted ? (
          <EmptyState
            icon={UserPen}
            title="Your profile is not complete yet"
            hint="Finish the six steps of your profile first; you can change any of them here afterwards."
            action={<ButtonLink to={paths.tutor.completeProfile}>Complete Profile</ButtonLink>}
          />
        ) : (
          <ErrorPanel
            message={messageOf(sections.error, LOAD_FAILED)}
            onRetry={() => sections.refetch()}
          />
        )}
      </Frame>
    );
  }

  return (
    <Frame>
      <ul className="space-y-3">
        {profileSteps(reference).map((step) => (
          <li
            key={step.code}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="min-w-0">
              <h2 className="font-semibold">{step.title}</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">{step.description}</p>
              <p className="mt-2 text-sm break-words">
                {sectionSummary(step.code, sections.data.sections[step.code])}
              </p>
            </div>
            <ButtonLink
              variant="secondary"
              className="shrink-0 self-start"
              to={paths.editProfileSection(step.code)}
            >
              Edit<span className="sr-only"> {step.title}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">My Profile</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          What students see on your profile and in search. A saved change shows at once.
        </p>
      </div>
      {children}
    </div>
  );
}
