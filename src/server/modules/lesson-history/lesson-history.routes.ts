import type { FastifyPluginAsync } from 'fastify';
import { getMyStudents, getPastLessons } from '../../../contracts/lesson-history.contract';
import { route } from '../../http/route';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import { pastLessonsOf, studentsOf } from './lesson-history';

export const lessonHistoryRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;

  route(app, getPastLessons, { tags: ['lessons'], preHandler: requireUser }, async (request) =>
    pastLessonsOf(ctx(), signedInUser(request), request.query.page),
  );

  route(
    app,
    getMyStudents,
    { tags: ['lessons'], preHandler: requireRole('tutor') },
    async (request) => studentsOf(ctx(), signedInUser(request).id, request.query),
  );
};
