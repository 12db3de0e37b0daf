import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reviewsResponse,
  suggestionsResponse,
  tutorProfileResponse,
  tutorSearchResponse,
} from '../../../contracts/tutors.contract';
import { pageNumberSchema, tutorSearchSchema } from '../../../domain/tutors/tutor-search';
import { requireUser } from '../auth/auth.guards';
import * as tutors from './tutors.service';

export const tutorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.deps.db, signingSecret: app.deps.signingSecret });
  const tags = ['tutors'];

  app.get(
    '/api/tutors',
    {
      preHandler: requireUser,
      schema: { tags, querystring: tutorSearchSchema, response: { 200: tutorSearchResponse } },
    },
    async (request) => tutors.searchTutors(ctx(), request.query),
  );

  app.get(
    '/api/tutors/suggestions',
    {
      preHandler: requireUser,
      schema: {
        tags,
        querystring: z.object({ q: z.string().max(100).default('') }),
        response: { 200: suggestionsResponse },
      },
    },
    async (request) => ({ suggestions: await tutors.suggestions(ctx(), request.query.q) }),
  );

  app.get(
    '/api/tutors/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: tutorProfileResponse },
      },
    },
    async (request) => tutors.tutorProfile(ctx(), request.params.id),
  );

  app.get(
    '/api/tutors/:id/reviews',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ page: pageNumberSchema }),
        response: { 200: reviewsResponse },
      },
    },
    async (request) => tutors.reviewsPage(ctx(), request.params.id, request.query.page),
  );
};
