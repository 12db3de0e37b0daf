import { z } from 'zod/mini';
import { PROFILE_STEP_CODES } from '../domain/reference/reference-defaults';
import { defineEndpoint } from './endpoint';

// Wire shape of GET /api/reference: active rows ordered by display_order, plus the settings.
const level = z.object({ code: z.string(), name: z.string() });

export const referenceDataResponse = z.object({
  subjects: z.array(z.object({ id: z.int(), name: z.string() })),
  languages: z.array(z.object({ id: z.int(), name: z.string(), code: z.string() })),
  languageLevels: z.array(level),
  subjectLevels: z.array(level),
  educationLevels: z.array(z.object({ id: z.int(), name: z.string() })),
  profileSteps: z.array(
    z.object({
      id: z.int(),
      code: z.enum(PROFILE_STEP_CODES),
      title: z.string(),
      description: z.string(),
      icon: z.string(),
    }),
  ),
  slotDurations: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      minutes: z.int(),
      isDefault: z.boolean(),
    }),
  ),
  settings: z.object({
    daysOfWeek: z.array(z.object({ dow: z.int().check(z.gte(0), z.lte(6)), name: z.string() })),
    tutorProfileLimits: z.object({
      min_hourly_rate: z.number(),
      max_hourly_rate: z.number(),
      min_trial_price: z.number(),
      max_trial_price: z.number(),
      max_subjects: z.int(),
    }),
  }),
});
export type ReferenceDataResponse = z.infer<typeof referenceDataResponse>;

/** Reference data for forms; public, takes no input. */
export const getReference = defineEndpoint({
  method: 'GET',
  path: '/api/reference',
  summary: 'Reference data for forms: active rows in display order, plus settings',
  status: 200,
  response: referenceDataResponse,
  errors: [],
});
