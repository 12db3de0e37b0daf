import type { FastifyPluginAsync } from 'fastify';
import { getHealth, getHealthLive, getHealthReady } from '../../../contracts/health.contract';
import { route } from '../../http/route';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { isReachable } from './health.repository';

/**
 * A load balancer polls health many times a second across its nodes: one database probe per
 * PROBE_TTL_MS answers them all (requests arriving meanwhile share the probe under way), so
 * polling costs the database nothing and an outage still shows within a second.
 */
const PROBE_TTL_MS = 1_000;

function sharedProbe(db: Kysely<DB>) {
  let last: { at: number; reachable: Promise<boolean> } | undefined;
  return () => {
    // Monotonic time: how old a probe is, not a date anyone sees.
    const now = performance.now();
    if (!last || now - last.at > PROBE_TTL_MS) last = { at: now, reachable: isReachable(db) };
    return last.reachable;
  };
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const probe = sharedProbe(app.deps.db);
  route(app, getHealth, { tags: ['health'] }, async (_request, reply) => {
    const reachable = await probe();
    reply.header('cache-control', 'no-store');
    if (!reachable) reply.code(503);
    return {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: { reachable, driver: app.deps.driver },
      version: app.deps.version,
    };
  });

  // Liveness never asks the database: restarting the process cures no database outage, and
  // an orchestrator restarting every replica at once during one would make it worse.
  route(app, getHealthLive, { tags: ['health'] }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  route(app, getHealthReady, { tags: ['health'] }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const ready = !app.lifecycle.draining && (await probe());
    if (!ready) reply.code(503);
    return { status: ready ? ('ok' as const) : ('unavailable' as const) };
  });
};
