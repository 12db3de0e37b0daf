import {
  getProfileDraft,
  getProfileSections,
  saveProfileSection,
  saveProfileStep,
  submitProfile,
} from '../../../contracts/tutor-profile.contract';
import { deleteUpload, uploadAvatar } from '../../../contracts/uploads.contract';
import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const DRAFT_QUERY_KEY = queryKeys.ownProfile.draft;
export const SECTIONS_QUERY_KEY = queryKeys.ownProfile.sections;

export const wizardApi = {
  draft: () => call(getProfileDraft),
  saveStep: (step: ProfileStepCode, data: Record<string, unknown>) =>
    call(saveProfileStep, { params: { step }, body: data }),
  submit: () => call(submitProfile),
  /** The submitted profile, step by step, and one step saved into it (Edit profile). */
  sections: () => call(getProfileSections),
  saveSection: (step: ProfileStepCode, data: Record<string, unknown>) =>
    call(saveProfileSection, { params: { step }, body: data }),
  uploadAvatar: (image: Blob) => {
    const form = new FormData();
    form.append('file', image, 'avatar.jpg');
    return call(uploadAvatar, { body: form });
  },
  deleteFile: (path: string) => call(deleteUpload, { query: { path } }),
};
