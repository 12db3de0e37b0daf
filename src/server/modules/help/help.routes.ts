import type { FastifyPluginAsync } from 'fastify';
import { sendSupportMessage } from '../../../contracts/help.contract';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import { contactSupport } from './contact-support';

export const helpRoutes: FastifyPluginAsync = async (app) => {
  route(app, sendSupportMessage, { tags: ['help'], preHandler: requireUser }, async (request) =>
    contactSupport(app.deps, signedInUser(request), request.body),
  );
};
