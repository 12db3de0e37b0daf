import path from 'node:path';
import { ROOT } from '../../../scripts/build-steps.mjs';
import { fixedClock, type FixedClock } from '../../../src/server/adapters/clock';
import { AUTH_BASE_PATH } from '../../../src/server/modules/auth/auth';
import { reservePort } from '../../../src/server/test/free-port';
import {
  startOidcIssuer,
  type IssuerAccount,
  type OidcIssuer,
} from '../../../src/server/test/oidc-issuer';
import type { SmtpInbox } from '../../../src/server/test/smtp-inbox';
import { startSecondProcess, startTestApp, type TestApp } from '../../../src/server/test/test-app';
import type { DatabaseDriver } from '../../../src/server/db/database';
import { FIXED_NOW } from './fixed-time';

export interface AppServer {
  url: string;
  /** The real SMTP server the app sends its mail to (read codes and links from it). */
  inbox: SmtpInbox;
  /** The local OpenID provider standing in for Google, when `googleAccounts` were given. */
  issuer?: OidcIssuer;
  app: TestApp;
  /** The app's business time: it stands at FIXED_NOW until a test moves it. */
  clock: FixedClock;
  close(): Promise<void>;
}

/** The built SPA every app server serves. */
const WEB_ROOT = path.join(ROOT, 'dist', 'web');

/**
 * The real app (API + built SPA from dist/web) on a free port against a fresh embedded
 * database (or, with `driver: 'postgres'`, a fresh database on the TEST_DATABASE_URL server),
 * mailing through a local SMTP server; with `googleAccounts`, Google sign-in points at a local
 * OpenID provider whose login page accepts those account ids. Its clock stands at FIXED_NOW,
 * the time every page starts at too.
 */
export async function startAppServer(
  options: {
    googleAccounts?: Record<string, IssuerAccount>;
    driver?: DatabaseDriver;
    /** More settings for the app (the classroom's ICE servers). */
    env?: Record<string, string>;
  } = {},
): Promise<AppServer> {
  const clock = fixedClock(FIXED_NOW);
  // Held until the app listens on it: another test file could take it meanwhile.
  const port = await reservePort();
  const issuer = options.googleAccounts
    ? await startOidcIssuer({
        redirectUri: `http://127.0.0.1:${port.port}${AUTH_BASE_PATH}/callback/google`,
        accounts: options.googleAccounts,
      })
    : undefined;
  const app = await startTestApp(
    options.driver ?? 'pglite',
    {
      ...(issuer
        ? {
            GOOGLE_CLIENT_ID: issuer.clientId,
            GOOGLE_CLIENT_SECRET: issuer.clientSecret,
            GOOGLE_ISSUER: issuer.url,
          }
        : {}),
      ...options.env,
    },
    { webRoot: WEB_ROOT, port, clock },
  );
  return {
    url: app.url,
    inbox: app.inbox,
    issuer,
    app,
    clock,
    close: async () => {
      await app.close();
      await issuer?.close();
    },
  };
}

/**
 * A second API process beside `first` (which runs on PostgreSQL), as production runs several:
 * its own port, connections and LISTEN connection to the same database, serving the same SPA
 * on the same business clock. Its PUBLIC_URL is its own address, so it trusts its own origin
 * (CSRF checks, the live socket's origin check) as a second host behind a balancer would.
 */
export async function startSecondAppServer(
  first: AppServer,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const app = await startSecondProcess(first.app, env, { webRoot: WEB_ROOT, clock: first.clock });
  return { url: app.url, inbox: app.inbox, app, clock: first.clock, close: () => app.close() };
}
