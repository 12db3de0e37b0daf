import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { systemClock, type Clock } from './adapters/clock';
import { devMailbox, smtpMailer, type Mailer } from './adapters/mail/mailer';
import { configuredStorage } from './adapters/storage/configured-storage';
import type { FileStorage } from './adapters/storage/file-storage';
import type { DatabaseDriver } from './db/database';
import { EVENT_CHANNELS, type DatabaseEvents } from './db/database-events';
import type { DB } from './db/types';
import type { Env } from './env';
import { createAuth, type Auth } from './modules/auth/auth';
import { authEngineRoutes } from './modules/auth/auth-engine.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { resolveSessionSecret } from './modules/auth/session-secret';
import type { StoredSession } from './modules/auth/session-reader';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerLifecycle } from './modules/health/lifecycle';
import { registerRequestIds, requestIdFor } from './http/request-context';
import { registerMetrics } from './plugins/metrics';
import { tutorProfileRoutes } from './modules/tutor-profile/tutor-profile.routes';
import { lessonsRoutes } from './modules/lessons/lessons.routes';
import { tutorsRoutes } from './modules/tutors/tutors.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { registerApiDocs } from './plugins/api-docs';
import { registerBoundedJsonParser } from './http/json-body';
import { registerCanonicalPath } from './plugins/canonical-path';
import { servesDevMailbox } from './http/dev-tools-exposure';
import { registerCsrfProtection } from './plugins/csrf';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerErrorHandler } from './plugins/error-handler';
import { registerWebApp } from './plugins/web-app';
import { registerCompression } from './plugins/compression';
import { tuneKeepAlive } from './plugins/keep-alive';
import type { JobQueue } from './adapters/jobs/job-queue';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { configuredPaymentProvider } from './adapters/payments/configured-provider';
import { localCheckoutRoutes } from './adapters/payments/local-checkout.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { accountRoutes } from './modules/account/account.routes';
import { emailSettingsRoutes } from './modules/email-settings/email-settings.routes';
import { lessonHistoryRoutes } from './modules/lesson-history/lesson-history.routes';
import { helpRoutes } from './modules/help/help.routes';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { cancellationRoutes } from './modules/lessons/cancellation.routes';
import { registerAdminGate } from './modules/admin/admin-gate';
import { adminShellRoutes } from './modules/admin/admin-shell.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { tutorApprovalRoutes } from './modules/tutor-approval/tutor-approval.routes';
import { registerLiveDelivery } from './modules/live/live.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { financeRoutes } from './modules/payouts/finance.routes';
import { localOnboardingRoutes } from './modules/payouts/local-onboarding.routes';
import {
  configuredStripeConnect,
  type StripeConnect,
} from './modules/payouts/stripe-payout-provider';
import { classroomRoutes } from './modules/classroom/classroom.routes';
import { announceTo, type LessonEvents } from './modules/lessons/lesson-events';
import { refundSettledLessons } from './modules/payments/lesson-refunds';
import { ringLessonBell } from './modules/notifications/lesson-bell';
import { announcedCache, announcedIds, type AnnouncedCache } from './db/announced-cache';
import type { SearchPage } from './modules/tutors/tutors.service';
import type { ProfileRow } from './modules/tutors/tutors.repository';
import type { KeptHeldLessons, TutorWeek } from './modules/lessons/lessons.repository';

export interface AppDeps {
  env: Env;
  db: Kysely<DB>;
  driver: DatabaseDriver;
  /**
   * What other processes announce through the database (LISTEN/NOTIFY). Apps built without a
   * server around them (tests of the HTTP layer alone) go without: nothing is cached that
   * another process could change, and nothing live is pushed.
   */
  events?: DatabaseEvents;
  version: string;
  /** Folder of the built SPA (dist/web); undefined serves the API only. */
  webRoot?: string;
  /** Defaults to SMTP when SMTP_URL is set, else the dev mailbox. */
  mailer?: Mailer;
  /** Business time; defaults to the system clock (tests pass a fixed one). */
  clock?: Clock;
  /**
   * Background jobs on the app's database, started with it in createServer. Only apps built
   * without a server around them (tests of the HTTP layer alone) go without.
   */
  jobs?: JobQueue;
  /** Defaults to Stripe when STRIPE_SECRET_KEY is set, else the built-in hosted checkout. */
  paymentProvider?: PaymentProvider;
  /** Tutors' payouts through Stripe Connect; defaults to it when STRIPE_SECRET_KEY is set. */
  stripeConnect?: StripeConnect;
  /** PostgreSQL: the app's connection pool, for its metrics. */
  pool?: pg.Pool;
}

/** What routes reach through `app.deps`: the inputs plus the services built from them. */
export interface AppContext extends AppDeps {
  mailer: Mailer;
  clock: Clock;
  auth: Auth;
  googleEnabled: boolean;
  storage: FileStorage;
  /** Signs file URLs (the session secret). */
  signingSecret: string;
  paymentProvider: PaymentProvider;
  jobs: JobQueue;
  /** Where lessons announce their changes; payments and notifications listen (wired here). */
  lessonEvents: LessonEvents;
  /** Origins whose pages may call the API with cookies (CSRF) and open the live socket. */
  trustedOrigins: string[];
  /** Listed tutors' profiles kept in this process, dropped as the database announces changes. */
  tutorProfiles: AnnouncedCache<ProfileRow | undefined>;
  /** Pages of tutor search results kept in this process, all dropped at any announced change. */
  tutorSearches: AnnouncedCache<SearchPage>;
  /** Listed tutors' zones and weekly windows (their slots' input), kept like their profiles. */
  tutorWeeks: AnnouncedCache<TutorWeek | undefined>;
  /** Tutors' and students' lessons that hold time, dropped as the database announces changes. */
  heldLessons: AnnouncedCache<KeptHeldLessons>;
  /** Sessions with their users, kept where announcements come with the commit (ADR 055). */
  sessions: AnnouncedCache<StoredSession | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppContext;
  }
}

/** An app built without createServer (tests of the HTTP layer alone) has no queue: say so on use. */
const noJobQueue: JobQueue = {
  send: () => Promise.reject(new Error('No job queue: this app was not built by createServer')),
  sendAll: () => Promise.reject(new Error('No job queue: this app was not built by createServer')),
  work: () => Promise.reject(new Error('No job queue: this app was not built by createServer')),
  cancel: () => Promise.reject(new Error('No job queue: this app was not built by createServer')),
  stop: () => Promise.resolve(),
};

/** The whole HTTP app, without listening: tests start it on port 0. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.env.LOG_LEVEL,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
          },
    // Only the proxies TRUST_PROXY names may say who the client is (request.ip).
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A graceful stop serves what arrives on open connections instead of answering 503
    // (lifecycle.ts marks each answer `connection: close` so clients move on).
    return503OnClosing: false,
    genReqId: requestIdFor,
  }).withTypeProvider<ZodTypeProvider>();
  tuneKeepAlive(app.server);

  registerBoundedJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { env, db } = deps;
  const mailer =
    deps.mailer ??
    (env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM, {
          messageIdHost: new URL(env.PUBLIC_URL).hostname,
        })
      : devMailbox(db));
  const secret = resolveSessionSecret(env);
  // Our own origin; in development also Vite's dev server (`npm run dev`), which proxies /api.
  const trustedOrigins = [
    new URL(env.PUBLIC_URL).origin,
    ...(env.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
  ];
  const clock = deps.clock ?? systemClock;
  const auth = createAuth({ env, db, mailer, secret, trustedOrigins, clock });
  const googleEnabled = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  const storage = configuredStorage(env);
  const configured = await configuredPaymentProvider(env, db, secret, clock);
  const paymentProvider = deps.paymentProvider ?? configured.provider;
  const stripeConnect = deps.stripeConnect ?? (await configuredStripeConnect(env));
  const jobs = deps.jobs ?? noJobQueue;
  // The lessons module announces what happens to a lesson; the modules that act on it listen.
  // Wired here, so lessons imports neither payments nor notifications (one-way dependencies).
  const lessonEvents = announceTo([refundSettledLessons(jobs), ringLessonBell]);
  // ADR 047: a profile's change drops that profile and week, and every page of results (any
  // card, listing or ranking on any page may have moved); a lesson's drops its two parties'.
  const tutorProfiles = await announcedCache<ProfileRow | undefined>(deps.events, {
    channels: [EVENT_CHANNELS.tutorProfiles],
    max: 1_000,
    touched: announcedIds,
  });
  const tutorSearches = await announcedCache<SearchPage>(deps.events, {
    channels: [EVENT_CHANNELS.tutorProfiles],
    max: 500,
    touched: () => 'all',
  });
  const tutorWeeks = await announcedCache<TutorWeek | undefined>(deps.events, {
    channels: [EVENT_CHANNELS.tutorProfiles],
    max: 1_000,
    touched: announcedIds,
  });
  const heldLessons = await announcedCache<KeptHeldLessons>(deps.events, {
    channels: [EVENT_CHANNELS.heldTimes],
    max: 5_000,
    touched: announcedIds,
  });
  // ADR 055: sessions only where a change is heard before its commit returns (PGlite); a user
  // id announced drops every session of that user, '*' (a table truncated) every session.
  const sessions = await announcedCache<StoredSession | undefined>(
    deps.events?.heardWithCommit ? deps.events : undefined,
    {
      channels: [EVENT_CHANNELS.sessions, EVENT_CHANNELS.sessionChanges],
      max: 10_000,
      touched: announcedIds,
      ownerOf: (session) => session.id,
    },
  );
  app.addHook('preClose', async () => {
    const caches = [tutorProfiles, tutorSearches, tutorWeeks, heldLessons, sessions];
    await Promise.all(caches.map((cache) => cache.close()));
  });
  app.decorate('deps', {
    ...deps,
    mailer,
    clock,
    auth,
    googleEnabled,
    storage,
    signingSecret: secret,
    paymentProvider,
    ...(stripeConnect && { stripeConnect }),
    jobs,
    lessonEvents,
    trustedOrigins,
    tutorProfiles,
    tutorSearches,
    tutorWeeks,
    heldLessons,
    sessions,
  });
  registerErrorHandler(app);
  // First: every later hook reads the path the router matched (ADR 023).
  registerCanonicalPath(app);
  registerLifecycle(app);
  registerRequestIds(app);
  await registerMetrics(app, { token: env.METRICS_TOKEN, pool: deps.pool });
  registerCsrfProtection(app, trustedOrigins);
  registerAdminGate(app);

  registerSecurityHeaders(app, deps.env);

  // Before every route, so each answer may be compressed.
  await registerCompression(app);
  await registerApiDocs(app, env, deps.version);

  // Before the other routes: a WebSocket handshake sent to any of them is closed.
  await registerLiveDelivery(app);
  await app.register(multipart);
  await app.register(healthRoutes);
  await app.register(referenceRoutes);
  await app.register(authRoutes);
  await app.register(authEngineRoutes);
  await app.register(uploadsRoutes);
  await app.register(tutorProfileRoutes);
  await app.register(tutorsRoutes);
  await app.register(lessonsRoutes);
  await app.register(paymentsRoutes);
  await app.register(packagesRoutes);
  await app.register(billingRoutes);
  await app.register(accountRoutes);
  await app.register(emailSettingsRoutes);
  await app.register(lessonHistoryRoutes);
  await app.register(helpRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(reviewsRoutes);
  await app.register(notificationsRoutes);
  await app.register(cancellationRoutes);
  await app.register(adminShellRoutes);
  await app.register(reportsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(tutorApprovalRoutes);
  await app.register(messagingRoutes);
  await app.register(payoutsRoutes);
  await app.register(financeRoutes);
  await app.register(localOnboardingRoutes);
  await app.register(classroomRoutes);
  if (paymentProvider.name === 'local' && configured.localCheckout)
    await app.register(localCheckoutRoutes, configured.localCheckout);
  if (mailer.kind === 'dev-mailbox' && servesDevMailbox(env)) {
    await app.register(devMailboxRoutes);
  }

  await registerWebApp(app, deps.webRoot);
  return app;
}
