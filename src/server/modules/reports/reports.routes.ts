import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/reports.contract';
import { route } from '../../http/route';
import { requireRole, requireStudentOrTutor, signedInUser } from '../auth/auth.guards';
import * as reports from './reports';

export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  // Students and tutors report; an admin acts on reports instead of filing them.
  const reporter = { tags: ['reports'], preHandler: requireStudentOrTutor };
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
