import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import * as contract from '../../../contracts/reports.contract';
import { ACCOUNT_MESSAGES } from '../../../domain/messages';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import * as reports from './reports';

/** Students and tutors report; an admin acts on reports instead of filing them. */
const requireReporter: preHandlerAsyncHookHandler = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (request.user?.role !== 'student' && request.user?.role !== 'tutor')
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.wrongRole);
};

export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const reporter = { tags: ['reports'], preHandler: requireReporter };
  const admin = { tags: ['admin'], preHandler: requireRole('admin') };

  route(app, contract.createReport, reporter, async (request, reply) => {
    const { created, report } = await reports.createReport(
      ctx(),
      signedInUser(request),
      request.body,
    );
    // The same open report again is answered, not filed twice.
    if (!created) reply.code(200);
    return { report };
  });

  route(app, contract.getAdminReports, admin, async (request) =>
    reports.adminReports(ctx(), request.query.status, request.query.page),
  );

  route(app, contract.dismissReport, admin, async (request) => ({
    report: await reports.dismissReport(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body.note,
    ),
  }));

  route(app, contract.hideReview, admin, async (request) =>
    reports.hideReview(ctx(), signedInUser(request), request.params.id, request.body),
  );

  route(app, contract.restoreReview, admin, async (request) =>
    reports.restoreReview(ctx(), signedInUser(request), request.params.id, request.body.reason),
  );
};
