import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import {
  PROFILE_STEP_CODES,
  type ProfileStepCode,
} from '../../../domain/reference/reference-defaults';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useReferenceData } from '../../lib/reference-data';
import { useSession } from '../../lib/session';
import { useProfileSections } from './edit-profile-api';
import { EditProfilePage } from './edit-profile-page';
import { profileSteps, SAVE_FAILED, STEP_COMPONENTS } from './step-components';
import { SECTIONS_QUERY_KEY, wizardApi } from './wizard-api';

const SAVED = 'Your profile has been updated';

const isStep = (value: string | undefined): value is ProfileStepCode =>
  (PROFILE_STEP_CODES as readonly string[]).includes(value ?? '');

/**
 * One section of My Profile: the wizard's form for that step, filled with the live profile,
 * saved through the same rules; back to the list after saving or on Cancel.
 */
export function EditSectionPage() {
  const { step } = useParams();
  if (!isStep(step)) return <Navigate to={paths.tutor.editProfile} replace />;
  return <SectionForm key={step} step={step} />;
}

function SectionForm({ step }: { step: ProfileStepCode }) {
  const reference = useReferenceData();
  const sections = useProfileSections();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { refresh } = useSession();
  // Loading, not submitted yet or failed: the list page says so and offers the way on.
  if (!sections.isSuccess) return <EditProfilePage />;

  const meta = profileSteps(reference).find((item) => item.code === step)!;
  const backToList = () => navigate(paths.tutor.editProfile);
  const save = async (data: Record<string, unknown>) => {
    try {
      client.setQueryData(SECTIONS_QUERY_KEY, await wizardApi.saveSection(step, data));
    } catch (error) {
      notify.error(messageOf(error, SAVE_FAILED[step] ?? M.progressSaveFailed));
      throw error;
    }
    notify.success(SAVED);
    // What students are shown, the schedule's week and the sidebar's photo all changed.
    void client.invalidateQueries({ queryKey: queryKeys.tutors.all });
    void client.invalidateQueries({ queryKey: queryKeys.ownProfile.availability });
    await refresh().catch(() => null);
    backToList();
  };

  const StepComponent = STEP_COMPONENTS[step];
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="sr-only">My Profile: {meta.title}</h1>
      <Link
        to={paths.tutor.editProfile}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> My Profile
      </Link>
      <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <StepComponent
          step={step}
          title={meta.title}
          description={meta.description}
          initial={sections.data.sections[step] as Record<string, unknown> | undefined}
          avatarUrl={sections.data.avatarUrl}
          onSave={save}
          onBack={backToList}
          isLast={false}
          editing
        />
      </section>
    </div>
  );
}
