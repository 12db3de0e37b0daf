import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/tutor-approval.contract';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import * as approval from './tutor-approval';

// The approval queue for admins (/api/admin/..., every route guarded) and the tutor's own side.
export const tutorApprovalRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const admin = { tags: ['admin'], preHandler: requireRole('admin') };
  const tutor = { tags: ['tutor-profile'], preHandler: requireRole('tutor') };

  route(app, contract.listTutorApprovals, admin, async (request) =>
    approval.approvalQueue(ctx(), request.query.page),
  );
  route(app, contract.getTutorApproval, admin, async (request) =>
    approval.approvalOf(ctx(), request.params.id),
  );
  route(app, contract.approveTutor, admin, async (request) =>
    approval.approveProfile(ctx(), signedInUser(request).id, request.params.id, request.body),
  );
  route(app, contract.rejectTutor, admin, async (request) =>
    approval.rejectProfile(ctx(), signedInUser(request).id, request.params.id, request.body),
  );
  route(app, contract.sendTutorBack, admin, async (request) => {
    await approval.sendBack(ctx(), signedInUser(request).id, request.params.id, request.body);
    return null;
  });

  route(app, contract.getOwnApproval, tutor, async (request) =>
    approval.ownApproval(ctx(), signedInUser(request).id),
  );
  route(app, contract.resubmitProfile, tutor, async (request) =>
    approval.resubmit(ctx(), signedInUser(request).id),
  );
};
