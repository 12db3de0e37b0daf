import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/cancellation.contract';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import { cancelLesson, quoteCancellation, reportNoShow } from './cancel-lesson';

export const cancellationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  // Either party of the lesson: the use cases check which one (anyone else: not found).
  const signedIn = { tags: ['lessons'], preHandler: requireUser };

  route(app, contract.getCancellationQuote, signedIn, async (request) =>
    quoteCancellation(ctx(), signedInUser(request), request.params.id),
  );

  route(app, contract.cancelLesson, signedIn, async (request) =>
    cancelLesson(ctx(), signedInUser(request), request.params.id, request.body),
  );

  route(app, contract.reportNoShow, signedIn, async (request) =>
    reportNoShow(ctx(), signedInUser(request), request.params.id),
  );
};
