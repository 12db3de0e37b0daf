import type { FastifyInstance } from 'fastify';
import { ADMIN_COUNTS_CHANGED } from '../../../contracts/admin.contract';
import { EVENT_CHANNELS } from '../../db/database-events';

// The admins' counts on their live sockets (issue #29): a report filed or resolved is announced
// by the database (migration 032-d) to every process, and each tells the admins connected to it
// to refetch. No payload to read: the tab asks for the counts itself. A lost LISTEN connection
// sends every tab `ready`, on which the admin's tab refetches too, so nothing needs resyncing.

const frame = JSON.stringify(ADMIN_COUNTS_CHANGED);

export async function startAdminCountsDelivery(app: FastifyInstance) {
  const unlisten = await app.deps.events?.listen(EVENT_CHANNELS.admin, {
    onPayload: () => app.liveHub.pushToRole('admin', frame),
  });
  app.addHook('preClose', async () => {
    await unlisten?.();
  });
}
