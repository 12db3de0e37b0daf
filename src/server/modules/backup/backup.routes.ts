import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';
import { backupEmbedded } from './embedded-backup';

/** `npm run backup` calls this on the running app (only with BACKUP_TOKEN, only embedded). */
export const BACKUP_PATH = '/api/ops/backup';

export const backupRoutes: FastifyPluginAsync<{ database: Database; token: string }> = async (
  app,
  { database, token },
) => {
  const expected = Buffer.from(`Bearer ${token}`);
  app.post(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.code(401).header('www-authenticate', 'Bearer');
      return { error: { code: 'UNAUTHENTICATED', message: 'The backup token is required.' } };
    }
    const started = performance.now();
    const backup = await backupEmbedded(database);
    request.log.info(
      { bytes: backup.length, ms: Math.round(performance.now() - started) },
      'backup taken',
    );
    reply
      .header('content-type', 'application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="tutora-backup.tar.gz"');
    return reply.send(backup);
  });
};
