import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { jobCountsByState } from '../adapters/jobs/job-counts';

// Prometheus metrics at GET /metrics (issue #27), served only when METRICS_TOKEN is set and
// only to a scraper that sends it (Authorization: Bearer <token>). Requests are labelled with
// the matched route (/api/tutors/:id), never the raw URL: one series per route, not per id.
// Each app has its own registry (tests run several apps in one process).

/** Business outcomes told by the answer of the route that makes them (one place to read). */
const BUSINESS_ROUTES: Record<string, 'bookings' | 'payments'> = {
  'POST /api/lessons': 'bookings',
  'POST /api/checkout': 'payments',
  'POST /api/checkout/sessions/:id/confirm': 'payments',
  'POST /api/payments/webhooks/:provider': 'payments',
};

/** Labels a route never matched (a 404, a probe of random paths) share. */
const UNMATCHED = 'unmatched';

export interface MetricsOptions {
  token: string | undefined;
  /** PostgreSQL: the app's pool; its connections in use, idle and waited for. */
  pool?: pg.Pool;
}

export async function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  // Without a token nobody can read the metrics: neither prom-client nor its collectors are
  // loaded (idle memory, ADR 042).
  if (!options.token) return;
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } =
    await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tutora_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'tutora_http_requests_total',
    help: 'HTTP requests answered, by matched route and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tutora_http_request_duration_seconds',
    help: 'Time to answer, by matched route',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'tutora_http_server_errors_total',
    help: 'Answers with a 5xx status, by matched route',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const business = {
    bookings: new Counter({
      name: 'tutora_bookings_total',
      help: 'Booking requests (POST /api/lessons) by outcome status',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: 'tutora_payments_total',
      help: 'Checkout starts, confirmations and provider webhooks, by route and status',
      labelNames: ['route', 'status'] as const,
      registers: [registry],
    }),
  };

  new Gauge({
    name: 'tutora_live_sockets',
    help: 'Open live (WebSocket) connections of this process',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  const { pool } = options;
  if (pool) {
    new Gauge({
      name: 'tutora_db_pool_connections',
      help: "The app's database pool: connections by state",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'tutora_jobs',
    help: 'Background jobs in the database by queue and state (created = queued, failed = gave up)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await jobCountsByState(app.deps.db);
      for (const row of rows) this.set({ queue: row.name, state: row.state }, row.count);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc({ method: request.method, route });
    const kind = BUSINESS_ROUTES[`${request.method} ${route}`];
    if (kind === 'bookings') business.bookings.inc({ status: labels.status });
    if (kind === 'payments') business.payments.inc({ route, status: labels.status });
  });

  const expected = Buffer.from(`Bearer ${options.token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.code(401).header('www-authenticate', 'Bearer');
      return { error: { code: 'UNAUTHENTICATED', message: 'A metrics token is required.' } };
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
