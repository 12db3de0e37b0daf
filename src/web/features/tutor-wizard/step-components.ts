import type { ComponentType } from 'react';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import {
  PROFILE_STEP_CODES,
  type ProfileStep,
  type ProfileStepCode,
  type ReferenceData,
} from '../../../domain/reference/reference-defaults';
import type { StepProps } from './step-props';
import { AvailabilityStep } from './steps/availability-step';
import { BasicInfoStep } from './steps/basic-info-step';
import { EducationStep } from './steps/education-step';
import { MediaStep } from './steps/media-step';
import { SubjectsStep } from './steps/subjects-step';
import { TeachingStyleStep } from './steps/teaching-style-step';

// The six step forms and their titles: the wizard walks through them, the Edit profile page
// opens one at a time over the submitted profile.

export const STEP_COMPONENTS: Record<ProfileStepCode, ComponentType<StepProps>> = {
  basic_info: BasicInfoStep,
  education: EducationStep,
  subjects: SubjectsStep,
  teaching_style: TeachingStyleStep,
  media: MediaStep,
  availability: AvailabilityStep,
};

/** What to say when a step's save fails for a reason the server did not explain. */
export const SAVE_FAILED: Partial<Record<ProfileStepCode, string>> = {
  basic_info: M.saveInformationFailed,
  media: M.saveMediaFailed,
  availability: M.saveAvailabilityFailed,
};

/** The steps in order with their titles from the reference data (the code if it has none). */
export function profileSteps(reference: ReferenceData): ProfileStep[] {
  return PROFILE_STEP_CODES.map(
    (code) =>
      reference.profileSteps.find((item) => item.code === code) ?? {
        id: 0,
        code,
        title: code,
        description: '',
        icon: '',
      },
  );
}
