import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { ProfileDraftResponse } from '../../../contracts/tutor-profile.contract';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import {
  PROFILE_STEP_CODES,
  type ProfileStepCode,
} from '../../../domain/reference/reference-defaults';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useReferenceData } from '../../lib/reference-data';
import { useSession } from '../../lib/session';
import { profileSteps, SAVE_FAILED, STEP_COMPONENTS } from './step-components';
import { StepNav } from './step-nav';
import { WizardHeader } from './wizard-header';
import { DRAFT_QUERY_KEY, wizardApi } from './wizard-api';
import { paths } from '../../lib/paths';

/** After the profile is submitted, the tutor sees the toast for a second, then the dashboard. */
const REDIRECT_DELAY_MS = 1000;

export function TutorWizardPage() {
  const reference = useReferenceData();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const draft = useQuery({ queryKey: DRAFT_QUERY_KEY, queryFn: wizardApi.draft });
  const [current, setCurrent] = useState<ProfileStepCode | null>(null);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(
      () => navigate(paths.tutor.overview, { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [submitted, navigate]);

  if (draft.isPending) {
    return (
      <Frame>
        <div className="grid place-items-center py-24">
          <Spinner label="Loading your profile" />
        </div>
      </Frame>
    );
  }
  if (draft.isError) {
    return (
      <Frame>
        <Banner kind="error" dismissible={false}>
          {messageOf(draft.error, M.progressSaveFailed)}{' '}
          <Button variant="ghost" className="px-2 py-1" onClick={() => draft.refetch()}>
            Retry
          </Button>
        </Banner>
      </Frame>
    );
  }
  if (draft.data.isProfileCompleted && !submitted)
    return <Navigate to={paths.tutor.overview} replace />;

  const { completedSteps, draft: saved, avatarUrl } = draft.data;
  const step = current ?? draft.data.resumeStep;
  const index = PROFILE_STEP_CODES.indexOf(step);
  const isLast = index === PROFILE_STEP_CODES.length - 1;
  const steps = profileSteps(reference);
  const meta = steps[index]!;

  const save = async (data: Record<string, unknown>) => {
    let next: ProfileDraftResponse;
    try {
      next = await wizardApi.saveStep(step, data);
    } catch (error) {
      notify.error(messageOf(error, SAVE_FAILED[step] ?? M.progressSaveFailed));
      throw error;
    }
    client.setQueryData(DRAFT_QUERY_KEY, next);
    if (!isLast) {
      notify.success(M.progressSaved);
      setCurrent(PROFILE_STEP_CODES[index + 1]!);
      window.scrollTo({ top: 0 });
      return;
    }
    try {
      await wizardApi.submit();
    } catch (error) {
      notify.error(messageOf(error, M.completeProfileFailed));
      throw error;
    }
    notify.success(M.profileSubmitted);
    setSubmitted(true);
    await refresh().catch(() => null);
  };

  const StepComponent = STEP_COMPONENTS[step];
  return (
    <Frame>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[240px_1fr]">
        <aside className="min-w-0 md:sticky md:top-20 md:self-start">
          <StepNav steps={steps} current={step} completed={completedSteps} onOpen={setCurrent} />
        </aside>
        <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
          <StepComponent
            key={step}
            step={step}
            title={meta.title}
            description={meta.description}
            initial={saved[step] as Record<string, unknown> | undefined}
            avatarUrl={avatarUrl}
            onSave={save}
            onBack={index > 0 ? () => setCurrent(PROFILE_STEP_CODES[index - 1]!) : undefined}
            isLast={isLast}
          />
        </section>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <WizardHeader />
      <main className="mx-auto max-w-6xl p-3 sm:p-6">
        <h1 className="mb-4 text-2xl font-bold">Complete your tutor profile</h1>
        {children}
      </main>
    </div>
  );
}
