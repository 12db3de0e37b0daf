import type { Page, WebSocketRoute } from 'playwright-core';
import { LIVE_PATH, liveEvent } from '../../../src/contracts/messaging.contract';

/**
 * Counts the `ready` events the page's live socket receives: one per (re)connection the server
 * has accepted and subscribed. Install before the page opens the socket. A test waits for it
 * before the other party acts, so what the page then shows came over the socket (live), not
 * from the page's first fetch.
 */
export function countLiveReady(page: Page) {
  let ready = 0;
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== LIVE_PATH) return;
    socket.on('framereceived', ({ payload }) => {
      const event = liveEvent.safeParse(JSON.parse(payload.toString()));
      if (event.success && event.data.type === 'ready') ready += 1;
    });
  });
  return () => ready;
}

/**
 * Puts the page's live socket (/api/live) under the test's control, before the page opens it:
 * it connects to the server as usual until `cut()` drops the connection (the server side goes
 * away, as when a network or a host fails). Every reconnect the page then tries waits in
 * CONNECTING, as it would with no network, until `restore()` lets it through: what the page
 * missed meanwhile can only reach it by what it does after reconnecting.
 */
export async function controlLiveSocket(page: Page) {
  let networkUp: Promise<void> = Promise.resolve();
  let bringUp = () => {};
  const connected: ReturnType<WebSocketRoute['connectToServer']>[] = [];
  let attempts = 0;
  await page.routeWebSocket(
    (url) => url.pathname === LIVE_PATH,
    async (socket) => {
      attempts += 1;
      await networkUp;
      connected.push(socket.connectToServer());
    },
  );
  return {
    /** Sockets the page has opened so far (the first, then each reconnect). */
    attempts: () => attempts,
    /** Drops the open connections; reconnects hang until restore(). */
    async cut() {
      networkUp = new Promise((resolve) => (bringUp = resolve));
      await Promise.all(connected.splice(0).map((server) => server.close()));
    },
    restore() {
      bringUp();
    },
  };
}
