import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LIVE_CLOSE_CODES,
  LIVE_RECONNECT_NOW,
  LIVE_PATH,
} from '../../../contracts/messaging.contract';
import { ACCOUNT_MESSAGES, API_MESSAGES } from '../../../domain/messages';
import { AppError } from '../../errors';
import { fetchHeaders } from '../../http/headers';
import { currentUser } from '../auth/auth.service';
import { startLiveHub, type LiveHub } from './live-hub';

// GET /api/live: one WebSocket per signed-in tab (issue #16). The tab never sends anything;
// the server pushes what happened (contracts: liveEvent) and the tab fetches the rest.

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live sockets (the heartbeat is callable: tests run it by hand). */
    liveHub: LiveHub;
  }
}

/** Tabs send nothing: a frame beyond this is refused (ws closes the socket, 1009). */
const MAX_CLIENT_FRAME_BYTES = 1024;

/**
 * A page of another site may open a socket to us with the visitor's cookies (the handshake
 * is a GET, which the CSRF check lets through): only our own pages may. Browsers always send
 * Origin with a handshake; a client without one (a script) cannot carry a visitor's cookies.
 */
function refuseForeignOrigin(request: FastifyRequest, trustedOrigins: string[]) {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `${request.protocol}://${request.host}`;
  if (origin !== own && !trustedOrigins.includes(origin))
    throw new AppError('FORBIDDEN', API_MESSAGES.crossSiteRefused);
}

/**
 * Registers the socket route and this process's hub. Call before the other routes: the
 * websocket plugin then also closes a handshake sent to any of them.
 */
export async function registerLiveDelivery(
  app: FastifyInstance,
  options: { heartbeatMs?: number } = {},
) {
  const hub = await startLiveHub(app.deps, app.log, {
    heartbeatMs: options.heartbeatMs ?? 30_000,
  });
  app.decorate('liveHub', hub);
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    // A tab that vanished mid-frame is the client's affair, not an error of ours.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'live: socket error');
      socket.terminate();
    },
    // Every socket, signed in yet or not, is told the process is restarting (LIVE_RECONNECT_NOW): the tab
    // reconnects, to another process if there is one.
    preClose: async () => {
      await hub.close();
      for (const socket of app.websocketServer.clients) socket.close(LIVE_RECONNECT_NOW);
      app.websocketServer.close();
    },
  });

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      onRequest: async (request) => refuseForeignOrigin(request, app.deps.trustedOrigins),
    },
    async (socket, request) => {
      const headers = fetchHeaders(request);
      // The same check as every HTTP route's guard: a signed-in user with a verified email.
      const user = await currentUser(app.deps, headers).catch((error: unknown) => {
        request.log.error({ err: error }, 'live: could not read the session');
        socket.close(1011);
        return undefined;
      });
      if (user === undefined) return;
      if (!user?.isEmailVerified)
        return socket.close(LIVE_CLOSE_CODES.unauthenticated, ACCOUNT_MESSAGES.signInRequired);
      // Admins too: they have no conversations, but are told when their counts change.
      hub.add(socket, user, headers);
    },
  );
}
