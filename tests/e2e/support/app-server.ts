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
import { startTestApp, type TestApp } from '../../../src/server/test/test-app';
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

/**
 * The real app (API + built SPA from dist/web) on a free port against a fresh embedded
 * database, mailing through a local SMTP server; with `googleAccounts`, Google sign-in points
 * at a local OpenID provider whose login page accepts those account ids. Its clock stands at
 * FIXED_NOW, the time every page starts at too.
 */
export async function startAppServer(
  options: { googleAccounts?: Record<string, IssuerAccount> } = {},
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
    'pglite',
    {
      ...(issuer
        ? {
            GOOGLE_CLIENT_ID: issuer.clientId,
            GOOGLE_CLIENT_SECRET: issuer.clientSecret,
            GOOGLE_ISSUER: issuer.url,
          }
        : {}),
    },
    { webRoot: path.join(ROOT, 'dist', 'web'), port, clock },
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
