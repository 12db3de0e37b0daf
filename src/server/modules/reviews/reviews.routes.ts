import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/reviews.contract';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import * as reviews from './reviews';

export const reviewsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const student = { tags: ['reviews'], preHandler: requireRole('student') };
  const tutor = { tags: ['reviews'], preHandler: requireRole('tutor') };

  route(app, contract.createReview, student, async (request) => ({
    review: await reviews.createReview(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body,
    ),
  }));

  route(app, contract.updateReview, student, async (request) => ({
    review: await reviews.updateReview(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body,
    ),
  }));

  route(app, contract.replyToReview, tutor, async (request) => ({
    review: await reviews.replyToReview(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body,
    ),
  }));

  route(app, contract.getMyReviews, student, async (request) =>
    reviews.myReviews(ctx(), signedInUser(request).id),
  );

  route(app, contract.getTutorReviews, tutor, async (request) =>
    reviews.tutorReviews(ctx(), signedInUser(request).id, request.query.page),
  );
};
