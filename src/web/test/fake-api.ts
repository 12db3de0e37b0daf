import { vi } from 'vitest';
import type { SessionUser } from '../../contracts/auth.contract';
import { ERROR_STATUS, type ErrorCode } from '../../contracts/error-codes';
import { DEFAULT_REFERENCE_DATA } from '../../domain/reference/reference-defaults';

// The network for component tests: `fetch` answers from a table of routes with contract-shaped
// JSON, as the server would. Everything above fetch (api-client, hooks, components) is ours and
// real. An unlisted request fails the test loudly rather than hang.

export interface ApiRequest {
  method: string;
  url: URL;
  body: unknown;
}
export type Reply = { status?: number; json?: unknown };
type Route = Reply | ((request: ApiRequest) => Reply | Promise<Reply>);

/** Serves `routes` ('GET /api/reference' → reply), matched on method and path (no query). */
export function serveApi(routes: Record<string, Route>) {
  const requests: ApiRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request = { method, url, body };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`No fake API route for ${method} ${url.pathname}`);
    const { status = 200, json } = typeof route === 'function' ? await route(request) : route;
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { requests };
}

/** The API behind a signed-in `user`'s screens: their session, the reference data, and `routes`. */
export function serveSignedIn(user: SessionUser, routes: Record<string, Route> = {}) {
  return serveApi({
    'GET /api/auth/session': { json: { user } },
    'GET /api/reference': { json: DEFAULT_REFERENCE_DATA },
    // The header's bell, on every dashboard screen.
    'GET /api/notifications/unread-count': { json: { unread: 0 } },
    // The header's and the sidebar's unread messages (issue #16).
    'GET /api/conversations/unread-count': { json: { unread: 0 } },
    ...routes,
  });
}

/** A gate the test opens when ready: a route awaiting `opened` stays pending until then. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The server's error envelope: the code's own status, as the server's error handler sends it. */
export const apiError = (code: ErrorCode, message: string): Reply => ({
  status: ERROR_STATUS[code],
  json: { error: { code, message } },
});
