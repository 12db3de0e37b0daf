import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { DEFAULT_HOLD_MINUTES } from '../domain/payments/payment-rules';
import { MEETING_ROOM_PLACEHOLDER } from '../domain/booking/classroom';
import { SUPPORT_EMAIL } from '../domain/support';
import {
  DEFAULT_COMMISSION_TIERS_SETTING,
  parseCommissionTiers,
} from '../domain/ledger/commission';
import { DEFAULT_PAYOUT_MINIMUM_CENTS } from '../domain/ledger/payout-rules';

// The only reader of process.env. Every setting is parsed once, at start-up; a bad value
// stops the process with one clear line (see ConfigError) instead of failing later.

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}` },
    );

const emptyAsUndefined = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** 'true' or 'false'; undefined when unset, so the default can depend on other settings. */
const optionalBoolean = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

const envSchema = z.object({
  /** Unset reads as development; whether it was set at all is kept (NODE_ENV_GIVEN). */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: every interface in production, this machine only (loopback) elsewhere. */
  HOST: emptyAsUndefined,
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://tutora.example.com'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db'),
  SESSION_SECRET: emptyAsUndefined.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.com:587'),
  MAIL_FROM: z.string().default('Tutora <no-reply@tutora.local>'),
  /** Where the Help Center's contact form sends its messages. */
  SUPPORT_EMAIL: z.email('must be an email address').default(SUPPORT_EMAIL),
  GOOGLE_CLIENT_ID: emptyAsUndefined,
  GOOGLE_CLIENT_SECRET: emptyAsUndefined,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: emptyAsUndefined,
  STRIPE_WEBHOOK_SECRET: emptyAsUndefined,
  STRIPE_PUBLISHABLE_KEY: emptyAsUndefined,
  /** The signing secret of the payouts' endpoint for platform events (transfer.*). */
  STRIPE_PAYOUTS_WEBHOOK_SECRET: emptyAsUndefined,
  /** The signing secret of the payouts' Connect endpoint (account.updated of tutors' accounts). */
  STRIPE_CONNECT_WEBHOOK_SECRET: emptyAsUndefined,
  /** How long a slot is held while its student pays (minutes). */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(60).default(DEFAULT_HOLD_MINUTES),
  /** The platform's commission by teaching hours, "hours:percent,…,*:percent" (ADR 028). */
  COMMISSION_TIERS: z
    .string()
    .default(DEFAULT_COMMISSION_TIERS_SETTING)
    .transform((value, ctx) => {
      try {
        return parseCommissionTiers(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `${(error as Error).message} (e.g. ${DEFAULT_COMMISSION_TIERS_SETTING})`,
        });
        return z.NEVER;
      }
    }),
  /** The least a tutor may withdraw, in cents (the weekly payout waits for it too). */
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(100).default(DEFAULT_PAYOUT_MINIMUM_CENTS),
  /** The built-in test checkout takes no real money: refused in production unless set to true. */
  LOCAL_CHECKOUT_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  STORAGE_DIR: emptyAsUndefined,
  /** Uploads in an S3 bucket instead of on this process's disk (needed for several processes). */
  S3_BUCKET: emptyAsUndefined,
  S3_ACCESS_KEY_ID: emptyAsUndefined,
  S3_SECRET_ACCESS_KEY: emptyAsUndefined,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** An S3-compatible service (MinIO, R2, ...); AWS itself when unset. */
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'https://s3.example.com'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which proxies may name the client's address in X-Forwarded-For (off: nobody may). */
  TRUST_PROXY: emptyAsUndefined.transform((value, ctx) => {
    const setting = trustProxyOf(value);
    if (setting === undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          "must be a comma list of the proxies' addresses or CIDRs, e.g. 10.0.0.0/8,127.0.0.1 (a hop count cannot tell a proxy from a client)",
      });
      return z.NEVER;
    }
    return setting;
  }),
  /**
   * An external video room per lesson instead of the built-in classroom: `{room}` becomes an
   * unguessable name. Unset: lessons are held in Tutora's own classroom.
   */
  MEETING_URL_TEMPLATE: emptyAsUndefined.refine(
    (value) => value === undefined || isMeetingUrlTemplate(value),
    {
      message: `must be an http(s) URL holding ${MEETING_ROOM_PLACEHOLDER}, e.g. https://meet.jit.si/${MEETING_ROOM_PLACEHOLDER}`,
    },
  ),
  /**
   * The classroom's ICE servers (issue #26). STUN: comma list of stun: URLs (none: host
   * candidates only, enough on one network). TURN: comma list of turn:/turns: URLs with
   * TURN_SECRET, coturn's `static-auth-secret`; each join gets credentials for TURN_TTL_SECONDS.
   */
  STUN_URLS: z
    .string()
    .trim()
    .default('stun:stun.l.google.com:19302')
    .transform(commaList)
    .refine((urls) => urls.every((url) => /^stuns?:\S+$/.test(url)), {
      message: 'must be a comma list of stun: URLs, e.g. stun:stun.example.com:3478',
    }),
  /**
   * Swagger UI and the OpenAPI document: true or false as set; unset, only outside production
   * on a server that only this machine can reach (see dev-tools-exposure.ts).
   */
  API_DOCS: optionalBoolean,
  /** The dev mailbox (every code and reset link) likewise, and never in production. */
  DEV_MAILBOX: optionalBoolean,
  /**
   * SIGTERM: how long readiness answers 503 while requests are still served, before the
   * listener closes (as long as the balancer takes to notice: Kubernetes ~5 s, nginx 0).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /**
   * How often the job queue looks for jobs past their timeout (those of a crashed process) and
   * queues them to run again. Every process does; one at a time does the work.
   */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(120),
  /** SIGTERM: the process exits (code 1) if stopping takes longer than this in all. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /** Bearer token for GET /metrics (Prometheus); unset: /metrics is not served. */
  METRICS_TOKEN: emptyAsUndefined.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  /** Bearer token for the embedded database's online backup (npm run backup); unset: off. */
  BACKUP_TOKEN: emptyAsUndefined.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  TURN_URLS: z
    .string()
    .trim()
    .default('')
    .transform(commaList)
    .refine((urls) => urls.every((url) => /^turns?:\S+$/.test(url)), {
      message: 'must be a comma list of turn: URLs, e.g. turn:turn.example.com:3478?transport=udp',
    }),
  TURN_SECRET: emptyAsUndefined,
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  /** relay: media only through TURN (hides addresses; proves the TURN path in tests). */
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
});

function commaList(value: string) {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A template whose room, filled in, gives a web address (the room name is URL-safe). */
function isMeetingUrlTemplate(template: string) {
  if (!template.includes(MEETING_ROOM_PLACEHOLDER)) return false;
  try {
    const url = new URL(template.replaceAll(MEETING_ROOM_PLACEHOLDER, 'room'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string) {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY as Fastify takes it: false (unset: the socket's address counts) or the proxies'
 * addresses; undefined when the value is neither. Trusting every proxy, or any N hops, is not
 * offered: then a client reaching the server directly could forge its address and dodge every
 * per-address limit (Fastify itself ignores hop counts for that reason).
 */
function trustProxyOf(value: string | undefined): false | string[] | undefined {
  if (value === undefined || value === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

export type Env = Omit<z.infer<typeof envSchema>, 'NODE_ENV' | 'HOST'> & {
  NODE_ENV: 'development' | 'production' | 'test';
  /** False when NODE_ENV was not set at all (a forgotten one on a server is warned about). */
  NODE_ENV_GIVEN: boolean;
  HOST: string;
  PUBLIC_URL: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError with a one-line message naming every bad setting. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const nodeEnv = result.data.NODE_ENV ?? 'development';
  const env: Env = {
    ...result.data,
    NODE_ENV: nodeEnv,
    NODE_ENV_GIVEN: result.data.NODE_ENV !== undefined,
    HOST: result.data.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
  };
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required in production');
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is required in production (verification codes and reset links must be emailed)',
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (payments are confirmed by webhook)',
    );
  }
  if (
    env.STRIPE_SECRET_KEY &&
    (!env.STRIPE_PAYOUTS_WEBHOOK_SECRET || !env.STRIPE_CONNECT_WEBHOOK_SECRET)
  ) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_PAYOUTS_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET are required with STRIPE_SECRET_KEY (tutors are paid through Stripe Connect, confirmed by webhook)',
    );
  }
  if (
    env.NODE_ENV === 'production' &&
    !env.STRIPE_SECRET_KEY &&
    !env.LOCAL_CHECKOUT_IN_PRODUCTION
  ) {
    throw new ConfigError(
      'Invalid configuration: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in production (the built-in test checkout takes no real money; LOCAL_CHECKOUT_IN_PRODUCTION=true allows it)',
    );
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  const s3Settings = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Settings.some(Boolean) !== s3Settings.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration: set all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none (uploads then stay on this server's disk)",
    );
  }
  if (env.TURN_URLS.length > 0 && !env.TURN_SECRET) {
    throw new ConfigError(
      "Invalid configuration: TURN_URLS needs TURN_SECRET (coturn's static-auth-secret: the classroom mints short-lived TURN credentials with it)",
    );
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_ENDPOINT needs S3_BUCKET and its keys');
  }
  return env;
}

/** Loads ./.env into the environment when the file exists (real variables win). */
export function loadDotEnvFile(file = '.env') {
  if (existsSync(file)) {
    for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      process.env[key] ??= value;
    }
  }
}

/** Test-only settings (e.g. TEST_DATABASE_URL) are read here too, so nothing else touches process.env. */
export function testDatabaseUrl(source: Record<string, string | undefined> = process.env) {
  return source.TEST_DATABASE_URL || undefined;
}

/** The npm script that started this process (`start`, `seed`), if npm did: to name the process. */
export function npmScript(source: Record<string, string | undefined> = process.env) {
  return source.npm_lifecycle_event;
}
