import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityResponse,
  profileDraftResponse,
  profileStepCode,
  submitProfileResponse,
} from '../../../contracts/tutor-profile.contract';
import { requireRole, signedInUser } from '../auth/auth.guards';
import * as tutorProfile from './tutor-profile.service';

// The tutor's own profile: the wizard's saved progress and submission, and availability.
export const tutorProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.deps.db, signingSecret: app.deps.signingSecret });
  const guarded = { preHandler: requireRole('tutor') };
  const tags = ['tutor profile'];

  app.get(
    '/api/tutor/profile-draft',
    { ...guarded, schema: { tags, response: { 200: profileDraftResponse } } },
    async (request) => tutorProfile.getDraft(ctx(), signedInUser(request).id),
  );

  app.put(
    '/api/tutor/profile-draft/:step',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Saves one wizard step (validated with the step's rules) and marks it completed",
        params: z.object({ step: profileStepCode }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: profileDraftResponse },
      },
    },
    async (request) =>
      tutorProfile.saveStep(ctx(), signedInUser(request).id, request.params.step, request.body),
  );

  app.post(
    '/api/tutor/profile/submit',
    { ...guarded, schema: { tags, response: { 200: submitProfileResponse } } },
    async (request) => tutorProfile.submitProfile(ctx(), signedInUser(request).id),
  );

  app.get(
    '/api/tutor/availability',
    { ...guarded, schema: { tags, response: { 200: availabilityResponse } } },
    async (request) => tutorProfile.getAvailability(ctx(), signedInUser(request).id),
  );

  app.put(
    '/api/tutor/availability',
    {
      ...guarded,
      schema: {
        tags,
        body: z.record(z.string(), z.unknown()),
        response: { 200: availabilityResponse },
      },
    },
    async (request) =>
      tutorProfile.replaceAvailability(ctx(), signedInUser(request).id, request.body),
  );
};
