import { z } from 'zod/mini';
import { PROFILE_STEP_CODES } from '../domain/reference/reference-defaults';
import { defineEndpoint, ROLE_ERRORS } from './endpoint';

// Wire shapes of the tutor wizard (/api/tutor/profile-draft, /api/tutor/profile/submit) and
// the availability editor (/api/tutor/availability). Step bodies are validated on the server
// with wizardStepSchemas (src/domain/tutors), which need the live reference data.

export const profileStepCode = z.enum(PROFILE_STEP_CODES);

export const profileDraftResponse = z.object({
  completedSteps: z.array(profileStepCode),
  /** Saved step data keyed by step code, as the forms sent it. */
  draft: z.record(z.string(), z.unknown()),
  resumeStep: profileStepCode,
  /** Signed URL of the uploaded photo, when the media step holds one. */
  avatarUrl: z.nullable(z.string()),
  isProfileCompleted: z.boolean(),
});
export type ProfileDraftResponse = z.infer<typeof profileDraftResponse>;

export const submitProfileResponse = z.object({
  tutorProfileId: z.string(),
  redirectTo: z.string(),
});
export type SubmitProfileResponse = z.infer<typeof submitProfileResponse>;

export const weeklyWindowWire = z.object({
  dayOfWeek: z.int(),
  startTime: z.string(),
  endTime: z.string(),
});

export const availabilityResponse = z.object({
  timezone: z.nullable(z.string()),
  slots: z.array(weeklyWindowWire),
  weeklyHours: z.number(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

// Tutors only. The step and availability bodies are checked by the server against the live
// reference data (wizardStepSchemas, availabilitySchema), so the contract takes any object.
const stepData = z.record(z.string(), z.unknown());

export const getProfileDraft = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/profile-draft',
  status: 200,
  response: profileDraftResponse,
  errors: ROLE_ERRORS,
});

export const saveProfileStep = defineEndpoint({
  method: 'PUT',
  path: '/api/tutor/profile-draft/:step',
  summary: "Saves one wizard step (validated with the step's rules) and marks it completed",
  params: z.object({ step: profileStepCode }),
  body: stepData,
  status: 200,
  response: profileDraftResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});

export const submitProfile = defineEndpoint({
  method: 'POST',
  path: '/api/tutor/profile/submit',
  status: 200,
  response: submitProfileResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});

/**
 * The signed-in tutor's own profile id, once submitted: their public profile (subjects, rate)
 * is then read like any other, for screens such as their packages.
 */
export const getOwnProfileId = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/profile',
  status: 200,
  response: z.object({ tutorProfileId: z.string() }),
  errors: [...ROLE_ERRORS, 'NOT_FOUND'],
});

export const getAvailability = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/availability',
  status: 200,
  response: availabilityResponse,
  errors: [...ROLE_ERRORS, 'NOT_FOUND'],
});

export const saveAvailability = defineEndpoint({
  method: 'PUT',
  path: '/api/tutor/availability',
  body: stepData,
  status: 200,
  response: availabilityResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

// Editing the submitted profile (the tutor's Edit profile page): the wizard's six steps read
// back from the live profile, and saved into it one at a time with the same step rules.

export const profileSectionsResponse = z.object({
  /** Each step's values as its form sends them, keyed by step code. */
  sections: z.record(z.string(), z.unknown()),
  /** Signed URL of the photo students see, if any. */
  avatarUrl: z.nullable(z.string()),
});
export type ProfileSectionsResponse = z.infer<typeof profileSectionsResponse>;

export const getProfileSections = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/profile/sections',
  status: 200,
  response: profileSectionsResponse,
  errors: [...ROLE_ERRORS, 'NOT_FOUND'],
});

export const saveProfileSection = defineEndpoint({
  method: 'PUT',
  path: '/api/tutor/profile/sections/:step',
  summary: "Saves one step of the submitted profile (validated with the wizard step's rules)",
  params: z.object({ step: profileStepCode }),
  body: stepData,
  status: 200,
  response: profileSectionsResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});
