import type { FastifyPluginAsync } from 'fastify';
import { deleteUpload, getFile, uploadAvatar } from '../../../contracts/uploads.contract';
import { API_MESSAGES, TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { verifyFileSignature } from '../../adapters/storage/signed-url';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { sessionUserOf } from '../auth/auth.guards';
import { uploadedImage } from './uploaded-image';
import { deleteOwnFile, readStoredFile, storeAvatar } from './uploads.service';

export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  // Each use case takes the part of the app's dependencies it needs.
  const ctx = () => app.deps;
  const options = { tags: ['uploads'] };

  route(app, uploadAvatar, options, async (request) => {
    const user = await sessionUserOf(request);
    if (!user) throw new AppError('UNAUTHENTICATED', M.uploadUnauthenticated);
    return storeAvatar(ctx(), user.id, await uploadedImage(request));
  });

  route(app, deleteUpload, options, async (request) => {
    const user = await sessionUserOf(request);
    if (!user) throw new AppError('UNAUTHENTICATED', M.deleteUnauthenticated);
    await deleteOwnFile(ctx(), user.id, request.query.path);
    return null;
  });

  route(app, getFile, options, async (request, reply) => {
    const path = request.params['*'];
    const { expires, signature } = request.query;
    if (
      !verifyFileSignature(app.deps.signingSecret, path, expires, signature, app.deps.clock.now())
    ) {
      throw new AppError('FORBIDDEN', API_MESSAGES.fileLinkInvalid);
    }
    const file = await readStoredFile(ctx(), path);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
};
