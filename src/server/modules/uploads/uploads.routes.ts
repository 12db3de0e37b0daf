import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { verifyFileSignature } from '../../adapters/storage/signed-url';
import { AppError } from '../../errors';
import { sessionUserOf } from '../auth/auth.guards';
import { uploadedImage } from './uploaded-image';
import { deleteOwnFile, readStoredFile, storeAvatar } from './uploads.service';

const storedImage = z.object({ path: z.string(), url: z.string() });

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({
    db: app.deps.db,
    storage: app.deps.storage,
    signingSecret: app.deps.signingSecret,
  });

  app.post(
    '/api/uploads/avatar',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a profile photo (JPEG, PNG or WebP, at most 5 MB; multipart field "file")',
        consumes: ['multipart/form-data'],
        response: { 201: storedImage },
      },
    },
    async (request, reply) => {
      const user = await sessionUserOf(request);
      if (!user) throw new AppError('UNAUTHENTICATED', M.uploadUnauthenticated);
      return reply.code(201).send(await storeAvatar(ctx(), user.id, await uploadedImage(request)));
    },
  );

  app.delete(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        querystring: z.object({ path: z.string().min(1).max(300) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await sessionUserOf(request);
      if (!user) throw new AppError('UNAUTHENTICATED', M.deleteUnauthenticated);
      await deleteOwnFile(ctx(), user.id, request.query.path);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored file, through its signed URL',
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query;
      if (!verifyFileSignature(app.deps.signingSecret, path, expires, signature)) {
        throw new AppError('FORBIDDEN', 'This file link is invalid or has expired');
      }
      const file = await readStoredFile(ctx(), path);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
};
