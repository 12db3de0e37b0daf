import type { QueryClient } from '@tanstack/react-query';

// A page's data starts loading from its route's loader, alongside the page's code, instead of
// after the code has downloaded and rendered (issue #13: one round trip less before the page
// shows on a slow phone). The loader only starts the query and never waits for it: the page
// keeps its own loading state, and its query (same key, same fetcher) picks up the answer.
//
// The router is created before the app's query client (the client needs the router to send an
// ended session to sign-in), and a deep link's first loaders may run before the client exists:
// those wait here until providers.tsx connects it.

type Prefetch = (client: QueryClient) => Promise<unknown>;

let appClient: QueryClient | undefined;
const waiting: Prefetch[] = [];

/** Starts a query from a route; a failure is left to the page's own query to show. */
export function prefetchForRoute(prefetch: Prefetch): null {
  if (appClient) void prefetch(appClient);
  else waiting.push(prefetch);
  return null;
}

/**
 * Gives the route loaders the app's query client, and starts what was waiting for it. Answers
 * how to take it back (a test's client goes with its test).
 */
export function connectRouteData(client: QueryClient): () => void {
  appClient = client;
  for (const prefetch of waiting.splice(0)) void prefetch(client);
  return () => {
    if (appClient === client) appClient = undefined;
  };
}
