import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lessonResponse,
  noteImageResponse,
  slotsResponse,
  trialEligibilityResponse,
  upcomingLessonsResponse,
} from '../../../contracts/booking.contract';
import { saveNotesSchema } from '../../../domain/booking/lesson-notes';
import {
  bookLessonSchema,
  rescheduleLessonSchema,
  rescheduleSlotsQuerySchema,
  slotsQuerySchema,
  upcomingDaysSchema,
} from '../../../domain/booking/booking-schemas';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import { uploadedImage } from '../uploads/uploaded-image';
import { bookLesson, trialEligibility } from './book-lesson';
import { saveNotes, storeNoteImage } from './lesson-notes';
import type { LessonsContext } from './lessons-context';
import { lessonFor, upcomingLessons } from './list-lessons';
import { availableSlots } from './list-slots';
import { rescheduleLesson, rescheduleSlots } from './reschedule-lesson';

export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): LessonsContext => ({
    db: app.deps.db,
    signingSecret: app.deps.signingSecret,
    clock: app.deps.clock,
  });
  const tags = ['lessons'];
  // Path ids: anything that is not a row's id is simply not found (404), never a 400.
  const idParams = z.object({ id: z.string().max(100) });

  app.get(
    '/api/tutors/:id/slots',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: idParams,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponse },
      },
    },
    async (request) =>
      availableSlots(ctx(), request.params.id, request.query, signedInUser(request)),
  );

  app.get(
    '/api/tutors/:id/trial-eligibility',
    {
      preHandler: requireRole('student'),
      schema: { tags, params: idParams, response: { 200: trialEligibilityResponse } },
    },
    async (request) => trialEligibility(ctx(), request.params.id, signedInUser(request).id),
  );

  app.post(
    '/api/lessons',
    {
      preHandler: requireRole('student'),
      schema: { tags, body: bookLessonSchema, response: { 201: lessonResponse } },
    },
    async (request, reply) => {
      const lesson = await bookLesson(ctx(), signedInUser(request).id, request.body);
      return reply.code(201).send({ lesson });
    },
  );

  app.get(
    '/api/lessons/upcoming',
    {
      preHandler: requireUser,
      schema: {
        tags,
        querystring: z.object({ days: upcomingDaysSchema }),
        response: { 200: upcomingLessonsResponse },
      },
    },
    async (request) => ({
      lessons: await upcomingLessons(ctx(), signedInUser(request), request.query.days),
    }),
  );

  app.get(
    '/api/lessons/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: idParams,
        response: { 200: lessonResponse },
      },
    },
    async (request) => ({
      lesson: await lessonFor(ctx(), signedInUser(request), request.params.id),
    }),
  );

  app.get(
    '/api/lessons/:id/slots',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: idParams,
        querystring: rescheduleSlotsQuerySchema,
        response: { 200: slotsResponse },
      },
    },
    async (request) =>
      rescheduleSlots(ctx(), signedInUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/lessons/:id/reschedule',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: idParams,
        body: rescheduleLessonSchema,
        response: { 201: lessonResponse },
      },
    },
    async (request, reply) => {
      const lesson = await rescheduleLesson(
        ctx(),
        signedInUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ lesson });
    },
  );

  app.put(
    '/api/lessons/:id/notes',
    {
      preHandler: requireUser,
      schema: { tags, params: idParams, body: saveNotesSchema, response: { 200: lessonResponse } },
    },
    async (request) => ({
      lesson: await saveNotes(ctx(), signedInUser(request), request.params.id, request.body.html),
    }),
  );

  app.post(
    '/api/lessons/:id/notes/images',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'An image for lesson notes (JPEG, PNG or WebP, at most 5 MB; multipart field "file")',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: noteImageResponse },
      },
    },
    async (request, reply) => {
      const stored = await storeNoteImage(
        { ...ctx(), storage: app.deps.storage },
        signedInUser(request),
        request.params.id,
        () => uploadedImage(request),
      );
      return reply.code(201).send(stored);
    },
  );
};
