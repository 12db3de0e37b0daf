import type { BrowserContextOptions } from 'playwright-core';
import {
  createSignedInTutor,
  createStudent,
  type TutorOptions,
} from '../../../src/server/test/factories';
import type { TestClient } from '../../../src/server/test/http-client';
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
): Promise<{
  state: BrowserContextOptions['storageState'];
  id: string;
  email: string;
  /** The same session for API calls (what the student does off screen). */
  client: TestClient;
}> {
  const { id, email, client } = await createStudent(factoryTarget(server), names);
  return { state: browserState(server, client), id, email, client };
}

/**
 * A listed tutor whose account signed up through the API, as browser state signed in as them
 * (like signUpStudent), with their profile (`tutor.id`) and their account (`tutor.userId`).
 */
export async function signUpTutor(server: AppServer, options: Omit<TutorOptions, 'userId'> = {}) {
  const tutor = await createSignedInTutor(factoryTarget(server), options);
  return { ...tutor, state: browserState(server, tutor.client) };
}

function factoryTarget(server: AppServer) {
  return { url: server.url, inbox: server.inbox, database: server.app.database };
}

/**
 * A signed-in API client's session cookies as a browser would hold them. Cookies ignore ports:
 * the state signs in on every app server of the host (a second API process too).
 */
function browserState(
  server: AppServer,
  client: TestClient,
): BrowserContextOptions['storageState'] {
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
  return { cookies, origins: [] };
}
