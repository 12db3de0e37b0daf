import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/booking.contract';
import { route } from '../../http/route';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import { uploadedImage } from '../uploads/uploaded-image';
import * as lessons from './lessons.service';
import * as notes from './notes.service';
import * as reschedule from './reschedule.service';

export const lessonsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => ({ db: app.deps.db, signingSecret: app.deps.signingSecret });
  const signedIn = { tags: ['lessons'], preHandler: requireUser };
  const student = { tags: ['lessons'], preHandler: requireRole('student') };

  route(app, contract.getSlots, signedIn, async (request) =>
    lessons.availableSlots(ctx(), request.params.id, request.query, signedInUser(request)),
  );

  route(app, contract.getTrialEligibility, student, async (request) =>
    lessons.trialEligibility(ctx(), request.params.id, signedInUser(request).id),
  );

  route(app, contract.bookLesson, student, async (request) => ({
    lesson: await lessons.bookLesson(ctx(), signedInUser(request).id, request.body),
  }));

  route(app, contract.getUpcomingLessons, signedIn, async (request) => ({
    lessons: await lessons.upcomingLessons(ctx(), signedInUser(request), request.query.days),
  }));

  route(app, contract.getLesson, signedIn, async (request) => ({
    lesson: await lessons.lessonFor(ctx(), signedInUser(request), request.params.id),
  }));

  route(app, contract.getRescheduleSlots, signedIn, async (request) =>
    reschedule.rescheduleSlots(ctx(), signedInUser(request), request.params.id, request.query),
  );

  route(app, contract.rescheduleLesson, signedIn, async (request) => ({
    lesson: await reschedule.rescheduleLesson(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body,
    ),
  }));

  route(app, contract.saveNotes, signedIn, async (request) => ({
    lesson: await notes.saveNotes(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body.html,
    ),
  }));

  route(app, contract.uploadNoteImage, signedIn, async (request) =>
    notes.storeNoteImage(
      { ...ctx(), storage: app.deps.storage },
      signedInUser(request),
      request.params.id,
      () => uploadedImage(request),
    ),
  );
};
