import type { Server } from 'node:http';

/**
 * Idle keep-alive connections stay open longer than a load balancer's (60 s on the common
 * ones): if the app closed first, the proxy could send a request down a socket being closed
 * and answer 502. Headers must be allowed at least as long, or Node would cut a connection
 * that is merely idle between two requests.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

export function tuneKeepAlive(server: Server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // Node refuses a request timeout shorter than the headers timeout; 0 means none.
  if (server.requestTimeout !== 0 && server.requestTimeout < HEADERS_TIMEOUT_MS) {
    server.requestTimeout = HEADERS_TIMEOUT_MS;
  }
}
