import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_RECONNECT_NOW,
  type LiveEvent,
  type MessageView,
} from '../../contracts/messaging.contract';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { serveSignedIn } from '../test/fake-api';
import { signedInStudent } from '../test/fixtures';
import { renderRouter } from '../test/render';
import {
  LiveEvents,
  READY_WITHIN_MS,
  retryDelay,
  useLiveStatus,
  useUnreadCountsAskable,
} from './live-events';
import { queryKeys } from './query-keys';

// The tab's live connection against a scripted socket: the browser's WebSocket is replaced
// at the boundary (the test plays the server); everything above it is ours and real.

class FakeSocket {
  static all: FakeSocket[] = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedByTab = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closedByTab = true;
  }
  /** The server pushes `event`. */
  push(event: LiveEvent) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  /** The connection ends (1006: lost without a word). */
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}
const latest = () => FakeSocket.all.at(-1)!;

const message = (seq: number, extra: Partial<MessageView> = {}): MessageView => ({
  id: `m${seq}`,
  seq,
  conversationId: 'c1',
  senderId: 'tutor-1',
  body: `Message ${seq}`,
  masked: false,
  sentAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
  clientId: null,
  ...extra,
});

function Status() {
  return <p>Live: {useLiveStatus()}</p>;
}

function Askable({ where }: { where: string }) {
  return (
    <p>
      {where}: {useUnreadCountsAskable() ? 'ask' : 'wait'}
    </p>
  );
}

function renderLive() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <LiveEvents />
      <Status />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live connection', () => {
  it('opens one socket to /api/live of this origin and refetches messaging on ready', () => {
    const { client } = renderLive();
    client.setQueryData(queryKeys.messaging.unread, { unread: 2 });
    client.setQueryData(queryKeys.messaging.messages('c1'), { messages: [], hasOlder: false });
    client.setQueryData(queryKeys.notifications.unread, { unread: 1 });
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual([
      `${window.location.origin.replace('http', 'ws')}/api/live`,
    ]);
    expect(screen.getByText('Live: connecting')).toBeTruthy();

    latest().push({ type: 'ready' });
    expect(screen.getByText('Live: live')).toBeTruthy();
    expect(invalidated(client, queryKeys.messaging.unread)).toBe(true);
    expect(invalidated(client, queryKeys.messaging.messages('c1'))).toBe(true);
    expect(invalidated(client, queryKeys.notifications.unread)).toBe(false);
  });

  it('takes the unread counts ready brings, and asks for them only when the socket cannot', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LiveEvents>
          <Askable where="inside" />
        </LiveEvents>
        <Askable where="outside" />
      </QueryClientProvider>,
    );
    client.setQueryData(queryKeys.messaging.messages('c1'), { messages: [], hasOlder: false });
    // Opening: the socket will bring them; a page outside the socket's shell asks at once.
    expect(screen.getByText('inside: wait')).toBeTruthy();
    expect(screen.getByText('outside: ask')).toBeTruthy();

    latest().push({ type: 'ready', unread: { messages: 3, notifications: 2 } });
    expect(client.getQueryData(queryKeys.messaging.unread)).toEqual({ unread: 3 });
    expect(client.getQueryData(queryKeys.notifications.unread)).toEqual({ unread: 2 });
    expect(invalidated(client, queryKeys.messaging.unread)).toBe(false);
    expect(invalidated(client, queryKeys.messaging.messages('c1'))).toBe(true);
    // Live: asked again when an event says they changed (the queries' own freshness holds
    // them back until then).
    expect(screen.getByText('inside: ask')).toBeTruthy();

    // Lost, or refused: asked for, not waited for.
    latest().drop();
    expect(screen.getByText('inside: ask')).toBeTruthy();
  });

  it('gives up a socket that has not said ready in 10 s, and asks for the counts meanwhile', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LiveEvents>
          <Askable where="inside" />
          <Status />
        </LiveEvents>
      </QueryClientProvider>,
    );
    // A handshake held open: no close, no ready.
    act(() => vi.advanceTimersByTime(READY_WITHIN_MS - 1));
    expect(screen.getByText('inside: wait')).toBeTruthy();
    expect(latest().closedByTab).toBe(false);

    act(() => vi.advanceTimersByTime(1));
    expect(latest().closedByTab).toBe(true);
    expect(screen.getByText('Live: reconnecting')).toBeTruthy();
    expect(screen.getByText('inside: ask')).toBeTruthy();
    // Its late close changes nothing; the next attempt comes after the first backoff.
    act(() => latest().onclose?.({ code: 1006 }));
    act(() => vi.advanceTimersByTime(499));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);

    // One that says ready in time is kept.
    act(() => vi.advanceTimersByTime(READY_WITHIN_MS - 1));
    latest().push({ type: 'ready' });
    act(() => vi.advanceTimersByTime(READY_WITHIN_MS));
    expect(latest().closedByTab).toBe(false);
    expect(screen.getByText('Live: live')).toBeTruthy();
  });

  it('merges a pushed message into its cached conversation once, and refreshes the counts', () => {
    const { client } = renderLive();
    latest().push({ type: 'ready' });
    const key = queryKeys.messaging.messages('c1');
    client.setQueryData(key, { messages: [message(1), message(3)], hasOlder: false });
    client.setQueryData(queryKeys.messaging.unread, { unread: 0 });
    client.setQueryData(queryKeys.messaging.inbox(1), { conversations: [] });

    latest().push({ type: 'message', message: message(4) });
    latest().push({ type: 'message', message: message(2) });
    latest().push({ type: 'message', message: message(4) });
    // Another conversation, not open in this tab: nothing cached to merge into.
    latest().push({ type: 'message', message: message(5, { id: 'x5', conversationId: 'c2' }) });

    expect(client.getQueryData(key)).toEqual({
      messages: [message(1), message(2), message(3), message(4)],
      hasOlder: false,
    });
    expect(client.getQueryData(queryKeys.messaging.messages('c2'))).toBeUndefined();
    expect(invalidated(client, queryKeys.messaging.unread)).toBe(true);
    expect(invalidated(client, queryKeys.messaging.inbox(1))).toBe(true);
    expect(invalidated(client, key)).toBe(false);
  });

  it("merges into the newest of an infinite query's pages", () => {
    const { client } = renderLive();
    const key = queryKeys.messaging.messages('c1');
    const older = { messages: [message(1), message(2)], hasOlder: false };
    const newest = { messages: [message(5), message(6)], hasOlder: true };
    client.setQueryData(key, { pages: [newest, older], pageParams: [undefined, 5] });

    latest().push({ type: 'message', message: message(7) });
    expect(client.getQueryData(key)).toEqual({
      pages: [{ ...newest, messages: [message(5), message(6), message(7)] }, older],
      pageParams: [undefined, 5],
    });
  });

  it('marks messages to the reader read up to the receipt, and no others', () => {
    const { client } = renderLive();
    const key = queryKeys.messaging.messages('c1');
    const mine = message(2, { senderId: 'student-1' });
    client.setQueryData(key, { messages: [message(1), mine, message(3)], hasOlder: false });
    const readAt = '2026-11-24T11:00:00.000Z';

    latest().push({
      type: 'read',
      conversationId: 'c1',
      readerId: 'student-1',
      upToSeq: 2,
      readAt,
    });
    expect(client.getQueryData(key)).toEqual({
      messages: [message(1, { readAt }), mine, message(3)],
      hasOlder: false,
    });
  });

  it('refetches a conversation that changed (blocked, unblocked)', () => {
    const { client } = renderLive();
    client.setQueryData(queryKeys.messaging.conversation('c1'), { conversation: {} });
    client.setQueryData(queryKeys.messaging.conversation('c2'), { conversation: {} });
    latest().push({ type: 'conversation', conversationId: 'c1' });
    expect(invalidated(client, queryKeys.messaging.conversation('c1'))).toBe(true);
    expect(invalidated(client, queryKeys.messaging.conversation('c2'))).toBe(false);
  });

  it('reconnects with a doubling wait up to 10 s, back to the first after a ready', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1); // the longest wait each time
    renderLive();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const sockets = FakeSocket.all.length;
      latest().drop();
      expect(screen.getByText('Live: reconnecting')).toBeTruthy();
      let waited = 0;
      while (FakeSocket.all.length === sockets) {
        act(() => vi.advanceTimersByTime(250));
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);

    latest().push({ type: 'ready' });
    latest().drop();
    act(() => vi.advanceTimersByTime(499));
    const before = FakeSocket.all.length;
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('reconnects without backoff when the server restarts (1012), after failed attempts too', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    renderLive();
    // Three lost connections: the next backoff would be 4 s.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const sockets = FakeSocket.all.length;
      latest().drop();
      while (FakeSocket.all.length === sockets) act(() => vi.advanceTimersByTime(250));
    }
    const before = FakeSocket.all.length;
    latest().drop(LIVE_RECONNECT_NOW);
    expect(screen.getByText('Live: reconnecting')).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('spreads the waits: each between half and all of its ceiling', () => {
    expect([0, 1, 2, 5, 9].map((attempt) => retryDelay(attempt, () => 0))).toEqual([
      250, 500, 1000, 5000, 5000,
    ]);
    expect(retryDelay(3, () => 0.5)).toBe(3000);
  });

  it('reconnects at once when the browser is back online or the tab is shown', () => {
    vi.useFakeTimers();
    renderLive();
    latest().drop();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeSocket.all).toHaveLength(3);
    // Already connected: nothing more.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeSocket.all).toHaveLength(3);
    // The pending retries were dropped with the early reconnects.
    latest().push({ type: 'ready' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('stops when refused as signed out, and reloads the session', () => {
    vi.useFakeTimers();
    const { client } = renderLive();
    client.setQueryData(queryKeys.session, signedInStudent);
    latest().drop(4401);
    expect(screen.getByText('Live: stopped')).toBeTruthy();
    expect(invalidated(client, queryKeys.session)).toBe(true);
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('rests quietly when told its session ended: no session reload, no retry until shown again', () => {
    vi.useFakeTimers();
    const { client } = renderLive();
    client.setQueryData(queryKeys.session, signedInStudent);
    latest().push({ type: 'ready' });
    latest().push({ type: 'session-ended' });
    latest().drop(4401);
    expect(screen.getByText('Live: stopped')).toBeTruthy();
    // The page that ended the session (or signs in anew) keeps control: nothing is reloaded.
    expect(invalidated(client, queryKeys.session)).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
    // Shown again: one attempt with the cookie as it is now; refused, it rests again, quietly.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(4401);
    expect(invalidated(client, queryKeys.session)).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('rests when a newer tab took its place, and connects again when shown', () => {
    vi.useFakeTimers();
    renderLive();
    latest().push({ type: 'ready' });
    latest().drop(4429);
    expect(screen.getByText('Live: stopped')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('closes its socket when unmounted', () => {
    const { unmount } = renderLive();
    unmount();
    expect(latest().closedByTab).toBe(true);
  });

  it("is kept by the signed-in shell, one socket for the tab's pages", async () => {
    serveSignedIn(signedInStudent);
    const router = createMemoryRouter(routes, { initialEntries: ['/student/help'] });
    renderRouter(router, createQueryClient(router));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    await act(() => router.navigate('/student/settings'));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
