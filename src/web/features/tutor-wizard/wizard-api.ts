import type {
  ProfileDraftResponse,
  SubmitProfileResponse,
} from '../../../contracts/tutor-profile.contract';
import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';
import { api } from '../../lib/api-client';

export const DRAFT_QUERY_KEY = ['tutor', 'profile-draft'];

export const wizardApi = {
  draft: () => api.get<ProfileDraftResponse>('/api/tutor/profile-draft'),
  saveStep: (step: ProfileStepCode, data: unknown) =>
    api.put<ProfileDraftResponse>(`/api/tutor/profile-draft/${step}`, data),
  submit: () => api.post<SubmitProfileResponse>('/api/tutor/profile/submit'),
  uploadAvatar: (image: Blob) => {
    const form = new FormData();
    form.append('file', image, 'avatar.jpg');
    return api.upload<{ path: string; url: string }>('/api/uploads/avatar', form);
  },
  deleteFile: (path: string) => api.delete<null>(`/api/uploads?path=${encodeURIComponent(path)}`),
};
