import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/tutors.contract';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import * as tutors from './tutors.service';

export const tutorsRoutes: FastifyPluginAsync = async (app) => {
  // Each use case takes the part of the app's dependencies it needs.
  const ctx = () => app.deps;
  const options = { tags: ['tutors'], preHandler: requireUser };

  route(app, contract.searchTutors, options, async (request) =>
    tutors.searchTutors(ctx(), request.query),
  );

  route(app, contract.getSuggestions, options, async (request) => ({
    suggestions: await tutors.suggestions(ctx(), request.query.q),
  }));

  route(app, contract.getTutorProfile, options, async (request) =>
    tutors.tutorProfile(ctx(), request.params.id, signedInUser(request).id),
  );

  route(app, contract.getReviews, options, async (request) =>
    tutors.reviewsPage(ctx(), request.params.id, signedInUser(request).id, request.query.page),
  );
};
