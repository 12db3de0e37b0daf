import type { FastifyInstance } from 'fastify';

// A process's place in a rolling deploy. While it drains, readiness answers 503 (the balancer
// or Kubernetes stops sending it new work) and every answer closes its connection (a client
// with a kept-alive connection opens its next one to another process); requests under way
// finish normally.

export interface Lifecycle {
  readonly draining: boolean;
  /** From now on: not ready, and no connection kept alive. */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function registerLifecycle(app: FastifyInstance) {
  let draining = false;
  app.decorate('lifecycle', {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  } satisfies Lifecycle);
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
