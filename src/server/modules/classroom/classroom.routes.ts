import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/classroom.contract';
import { route } from '../../http/route';
import { requireStudentOrTutor, signedInUser } from '../auth/auth.guards';
import * as classroom from './classroom';
import { startClassroomDelivery } from './classroom-delivery';

// The classroom (issue #26): page data, signals, whiteboard, attendance. Students and tutors
// only (an admin: 403); each use case refuses anyone but the lesson's two parties.

export const classroomRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const options = { tags: ['classroom'], preHandler: requireStudentOrTutor };
  await startClassroomDelivery(app);

  route(app, contract.getClassroom, options, async (request) =>
    classroom.getClassroom(ctx(), signedInUser(request), request.params.id),
  );
  route(app, contract.sendClassroomSignal, options, async (request) => {
    await classroom.sendSignal(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body.signal,
    );
    return null;
  });
  route(app, contract.getWhiteboard, options, async (request) =>
    classroom.getWhiteboard(ctx(), signedInUser(request), request.params.id),
  );
  route(app, contract.postWhiteboardUpdate, options, async (request) => {
    const answer = await classroom.addWhiteboardUpdate(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body.update,
    );
    classroom
      .compactLater(ctx(), request.params.id)
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'classroom: whiteboard compaction failed'),
      );
    return answer;
  });
  route(app, contract.recordAttendance, options, async (request) => {
    await classroom.recordAttendance(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body.event,
    );
    return null;
  });
  // The admin gate (admin-gate.ts) admits admins only under /api/admin.
  route(app, contract.getLessonAttendance, { tags: ['classroom', 'admin'] }, async (request) =>
    classroom.lessonAttendance(ctx(), request.params.id),
  );
};
