import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { enterArrival } from '../db/oldest-request-first';
import type { IncomingMessage } from 'node:http';

// One id follows a request: taken from the balancer's X-Request-Id when it sends a sane one
// (nginx: $request_id), else made here; logged with every line of the request (Fastify's
// reqId), answered in X-Request-Id, and carried into the jobs the request sends, whose log
// lines then name it too.

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** A caller's id is kept only when it is short and plain: it goes into logs as it is. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** The id of the request (or job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** Runs `work` as part of the request (or job) `requestId`. */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? requestContext.run({ requestId }, work) : work();
}

export function registerRequestIds(app: FastifyInstance) {
  // A callback hook, not an async one: the store entered here is the one the rest of the
  // request's hooks and its handler run in.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.enterWith({ requestId: request.id });
    // Its queries queue by when it came, on the embedded database's one connection.
    enterArrival();
    done();
  });
}
