import type { Page, WebSocketRoute } from 'playwright-core';
import { LIVE_PATH, liveEvent, type LiveEvent } from '../../../src/contracts/messaging.contract';

/**
 * Records the events the page's live socket receives (install before the page opens it), by
 * type: one `ready` per (re)connection the server accepted. A test waits for `ready` before the
 * other party acts, and checks what came over the socket, so what the page then shows is
 * known to be live, not from the page's first fetch.
 */
export function recordLiveEvents(page: Page) {
  const received: LiveEvent['type'][] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== LIVE_PATH) return;
    socket.on('framereceived', ({ payload }) => {
      const event = liveEvent.safeParse(JSON.parse(payload.toString()));
      if (event.success) received.push(event.data.type);
    });
  });
  return {
    /** How many events of `type` arrived so far. */
    count: (type: LiveEvent['type']) => received.filter((each) => each === type).length,
  };
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
