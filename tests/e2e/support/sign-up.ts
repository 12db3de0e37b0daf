import type { BrowserContextOptions } from 'playwright-core';
import { createStudent } from '../../../src/server/test/factories';
import type { AppServer } from './app-server';

/**
 * A new student, signed up and verified through the API (the sign-up form and its mailed code
 * are accounts.test.ts' subject), as browser state for pages that start signed in: the session
 * cookies the app set, which a browser would hold after signing up. ~1 s instead of ~5–10 s
 * through the form under load.
 */
export async function signUpStudent(
  server: AppServer,
  names: { firstName: string; lastName: string } = { firstName: 'Maya', lastName: 'Okafor' },
): Promise<{ state: BrowserContextOptions['storageState']; id: string; email: string }> {
  const { id, email, client } = await createStudent(
    { url: server.url, inbox: server.inbox, database: server.app.database },
    names,
  );
  const { hostname } = new URL(server.url);
  const cookies = client.cookieEntries().map(([name, value]) => ({
    name,
    value,
    domain: hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax' as const,
  }));
  return { state: { cookies, origins: [] }, id, email };
}
