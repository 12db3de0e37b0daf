import { isIP } from 'node:net';
import type { Env } from '../env';

// What a developer's tools may show: the dev mailbox holds every sign-up code and reset link,
// and /api/docs maps the whole API. A server started without NODE_ENV reads as development, so
// "not production" alone would show both to the world. They are served only when asked for
// (DEV_MAILBOX / API_DOCS = true) or when nobody but this machine can reach the server.

/** A loopback host name or address: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '::ffff:127.0.0.1';
}

/** True when the server listens on loopback only and its public address is on this machine too. */
export function isLocalOnly(env: Pick<Env, 'HOST' | 'PUBLIC_URL'>): boolean {
  return isLoopbackHost(env.HOST) && isLoopbackHost(new URL(env.PUBLIC_URL).hostname);
}

type ExposureEnv = Pick<Env, 'HOST' | 'PUBLIC_URL' | 'NODE_ENV' | 'API_DOCS' | 'DEV_MAILBOX'>;

/** The dev mailbox: never in production; elsewhere as DEV_MAILBOX says, unset: local only. */
export const servesDevMailbox = (env: ExposureEnv) =>
  env.NODE_ENV !== 'production' && (env.DEV_MAILBOX ?? isLocalOnly(env));

/** /api/docs: as API_DOCS says; unset: outside production and local only. */
export const servesApiDocs = (env: ExposureEnv) =>
  env.API_DOCS ?? (env.NODE_ENV !== 'production' && isLocalOnly(env));

/** What the operator should hear at start: a public address served without NODE_ENV. */
export function startWarnings(env: Pick<Env, 'NODE_ENV_GIVEN' | 'PUBLIC_URL'>): string[] {
  if (env.NODE_ENV_GIVEN || isLoopbackHost(new URL(env.PUBLIC_URL).hostname)) return [];
  return [
    `NODE_ENV is not set, so Tutora runs as development at the public address ${env.PUBLIC_URL}: ` +
      'cookies are not marked secure and HSTS is off. Set NODE_ENV=production on a server.',
  ];
}
