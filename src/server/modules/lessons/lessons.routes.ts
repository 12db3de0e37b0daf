import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/booking.contract';
import { route } from '../../http/route';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import { uploadedImage } from '../uploads/uploaded-image';
import { bookLesson, trialEligibility } from './book-lesson';
import { saveNotes, storeNoteImage } from './lesson-notes';
import { lessonFor, upcomingLessons } from './list-lessons';
import { availableSlots } from './list-slots';
import { rescheduleLesson, rescheduleSlots } from './reschedule-lesson';
import { acceptMove, declineMove, proposeMove, withdrawMove } from './move-requests';

export const lessonsRoutes: FastifyPluginAsync = async (app) => {
  // Each use case takes the part of the app's dependencies it needs.
  const ctx = () => app.deps;
  const signedIn = { tags: ['lessons'], preHandler: requireUser };
  const student = { tags: ['lessons'], preHandler: requireRole('student') };

  route(app, contract.getSlots, signedIn, async (request) =>
    availableSlots(ctx(), request.params.id, request.query, signedInUser(request)),
  );

  route(app, contract.getTrialEligibility, student, async (request) =>
    trialEligibility(ctx(), request.params.id, signedInUser(request).id),
  );

  route(app, contract.bookLesson, student, async (request) => ({
    lesson: await bookLesson(ctx(), signedInUser(request).id, request.body),
  }));

  route(app, contract.getUpcomingLessons, signedIn, async (request) => ({
    lessons: await upcomingLessons(ctx(), signedInUser(request), request.query.days),
  }));

  route(app, contract.getLesson, signedIn, async (request) => ({
    lesson: await lessonFor(ctx(), signedInUser(request), request.params.id),
  }));

  route(app, contract.getRescheduleSlots, signedIn, async (request) =>
    rescheduleSlots(ctx(), signedInUser(request), request.params.id, request.query),
  );

  route(app, contract.rescheduleLesson, signedIn, async (request) => ({
    lesson: await rescheduleLesson(ctx(), signedInUser(request), request.params.id, request.body),
  }));

  route(app, contract.proposeMove, signedIn, async (request) => ({
    lesson: await proposeMove(ctx(), signedInUser(request), request.params.id, request.body),
  }));

  route(app, contract.withdrawMove, signedIn, async (request) => ({
    lesson: await withdrawMove(ctx(), signedInUser(request), request.params.id),
  }));

  route(app, contract.acceptMove, signedIn, async (request) => ({
    lesson: await acceptMove(ctx(), signedInUser(request), request.params.id),
  }));

  route(app, contract.declineMove, signedIn, async (request) => ({
    lesson: await declineMove(ctx(), signedInUser(request), request.params.id),
  }));

  route(app, contract.saveNotes, signedIn, async (request) => ({
    lesson: await saveNotes(ctx(), signedInUser(request), request.params.id, request.body.html),
  }));

  route(app, contract.uploadNoteImage, signedIn, async (request) =>
    storeNoteImage(
      { ...ctx(), storage: app.deps.storage },
      signedInUser(request),
      request.params.id,
      () => uploadedImage(request),
    ),
  );
};
