import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../../contracts/messaging.contract';
import { MESSAGING_MESSAGES as MM } from '../../../domain/messaging/messaging-rules';
import { paths, patterns } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { accessibilityViolations } from '../../test/accessibility';
import { apiError, gate, serveSignedIn, type ApiRequest, type Reply } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import {
  conversation,
  inboxReply,
  message,
  STUDENT_ID,
  yesterday,
} from '../../test/messaging-fixtures';
import { renderRouter } from '../../test/render';
import { MessagesPage } from './messages-page';

// The Messages page against a fake API that keeps its conversation and messages: what the
// server stores is what the next request answers.

const THREAD = '/api/conversations/conversation-1';

/** A server with one conversation holding `stored`; `send` replaces what a send answers. */
function serveMessaging({
  inbox = [conversation()],
  stored = [] as MessageView[],
  send,
  holdSend,
  routes = {},
}: {
  inbox?: ConversationView[];
  stored?: MessageView[];
  send?: (request: ApiRequest) => Reply;
  /** A stored message is answered when this settles (the answer is slow, the store is not). */
  holdSend?: Promise<void>;
  routes?: Record<string, Reply>;
} = {}) {
  let messages = stored;
  let current = inbox[0] ?? conversation();
  const unread = () =>
    messages.filter((m) => m.senderId !== STUDENT_ID && m.readAt === null).length;
  return serveSignedIn(signedInStudent, {
    'GET /api/conversations': () => inboxReply(inbox),
    'GET /api/conversations/unread-count': () => ({ json: { unread: unread() } }),
    [`GET ${THREAD}`]: () => ({ json: { conversation: { ...current, unread: unread() } } }),
    [`GET ${THREAD}/messages`]: ({ url }) => {
      const before = Number(url.searchParams.get('before') ?? Infinity);
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const older = messages.filter((m) => m.seq < before);
      return {
        json: { messages: older.slice(-limit), hasOlder: older.length > limit },
      };
    },
    [`POST ${THREAD}/messages`]: async (request) => {
      if (send) return send(request);
      const { body, clientId } = request.body as { body: string; clientId: string };
      const sent = message(messages.length + 1, { senderId: STUDENT_ID, body, clientId });
      messages = [...messages, sent];
      await holdSend;
      return { status: 201, json: { message: sent } };
    },
    [`POST ${THREAD}/read`]: ({ body }) => {
      const { upToSeq } = body as { upToSeq: number };
      const now = new Date().toISOString();
      messages = messages.map((m) =>
        m.senderId !== STUDENT_ID && m.seq <= upToSeq ? { ...m, readAt: m.readAt ?? now } : m,
      );
      return { json: { unread: unread() } };
    },
    [`POST ${THREAD}/block`]: () => {
      current = { ...current, blockedByMe: true };
      return { json: { conversation: current } };
    },
    ...routes,
  });
}

/** The page at `path`, under the router's real Messages routes. */
function renderMessages(path: string = paths.student.messages) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: paths.student.messages,
        element: <MessagesPage role="student" />,
        children: [
          { index: true, element: null },
          { path: patterns.studentConversation, element: null },
        ],
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderRouter(router, client), router, client };
}

const posts = (requests: ApiRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === path);

const bodies = () => screen.getAllByTestId('message').map((item) => item.firstChild?.textContent);

describe('the Messages page', () => {
  it('lists the conversations with their last message, unread badge and block', async () => {
    serveMessaging({
      inbox: [
        conversation({ lastMessage: message(3, { body: 'See you at 5?' }), unread: 2 }),
        conversation({
          id: 'conversation-2',
          counterpart: { ...conversation().counterpart, name: 'Grace Hopper' },
          lastMessage: message(9, { senderId: STUDENT_ID, body: 'Thanks!' }),
          blockedByThem: true,
        }),
      ],
    });
    renderMessages();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/student/messages/conversation-1',
      '/student/messages/conversation-2',
    ]);
    expect(rows[0]!.textContent).toMatch(/^ATAda Tutor.+See you at 5\?2$/);
    expect(within(rows[0]!).getByRole('img', { name: '2 unread messages' })).toBeTruthy();
    expect(rows[1]!.textContent).toMatch(/^GHGrace Hopper.+You: Thanks!Blocked$/);
    expect(within(rows[1]!).queryByRole('img')).toBeNull();
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('says when there are no messages, with the way to a tutor', async () => {
    serveMessaging({ inbox: [] });
    renderMessages();
    expect(await screen.findByText(MM.emptyInbox)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Tutors' }).getAttribute('href')).toBe(
      '/student/tutors',
    );
  });

  it('opens a thread oldest to newest, by day, with Seen, safe links, and marks it read', async () => {
    const user = userEvent.setup();
    const { requests } = serveMessaging({
      inbox: [conversation({ unread: 1 })],
      stored: [
        message(1, { body: 'Hello! Notes: https://example.com/notes.', sentAt: yesterday() }),
        message(2, { senderId: STUDENT_ID, body: 'Thank you', readAt: yesterday() }),
        message(3, { body: 'Call me on [phone hidden]', masked: true }),
      ],
    });
    const { router } = renderMessages();
    await user.click(await screen.findByRole('link', { name: /Ada Tutor/ }));
    expect(router.state.location.pathname).toBe('/student/messages/conversation-1');

    const thread = await screen.findByRole('region', { name: 'Ada Tutor' });
    await within(thread).findAllByTestId('message');
    expect(bodies()).toEqual([
      'Hello! Notes: https://example.com/notes.',
      'Thank you',
      'Call me on [phone hidden]',
    ]);
    expect(
      within(thread)
        .getAllByTestId('day-separator')
        .map((d) => d.textContent),
    ).toEqual(['Yesterday', 'Today']);
    const [first, own, masked] = within(thread).getAllByTestId('message');
    const link = within(first!).getByRole('link', { name: 'https://example.com/notes' });
    expect(link.getAttribute('href')).toBe('https://example.com/notes');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(own!).getByText('Seen')).toBeTruthy();
    expect(within(masked!).getByText('Contact details in this message were hidden.')).toBeTruthy();

    // Read up to the newest message; the badges' count follows.
    await waitFor(() => expect(posts(requests, `${THREAD}/read`)).toHaveLength(1));
    expect(posts(requests, `${THREAD}/read`)[0]!.body).toEqual({ upToSeq: 3 });
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('marks read only while the tab is visible', async () => {
    const visibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    visibility('hidden');
    try {
      const { requests } = serveMessaging({ stored: [message(1), message(2)] });
      renderMessages('/student/messages/conversation-1');
      await screen.findByText('Message 2');
      expect(posts(requests, `${THREAD}/read`)).toEqual([]);

      act(() => visibility('visible'));
      await waitFor(() => expect(posts(requests, `${THREAD}/read`)).toHaveLength(1));
      expect(posts(requests, `${THREAD}/read`)[0]!.body).toEqual({ upToSeq: 2 });
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('reads backwards a page at a time with Load earlier messages', async () => {
    const user = userEvent.setup();
    const stored = Array.from({ length: 35 }, (_, index) => message(index + 1));
    const { requests } = serveMessaging({ stored });
    renderMessages('/student/messages/conversation-1');
    await screen.findByText('Message 35');
    expect(screen.queryByText('Message 5')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Message 1');
    expect(bodies()).toEqual(stored.map((m) => m.body));
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    const pages = requests.filter((r) => r.url.pathname === `${THREAD}/messages`);
    expect(pages.map((r) => r.url.searchParams.get('before'))).toEqual([null, '6']);
  });

  it('sends with Enter: the message shows, the composer clears, Shift+Enter is a new line', async () => {
    const user = userEvent.setup();
    const { requests } = serveMessaging();
    renderMessages('/student/messages/conversation-1');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(composer, 'Hi Ada,{Shift>}{Enter}{/Shift}can we start with algebra?');
    expect((composer as HTMLTextAreaElement).value).toBe('Hi Ada,\ncan we start with algebra?');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(/can we start with algebra\?/)).toBeTruthy();
    expect((composer as HTMLTextAreaElement).value).toBe('');
    const [sent] = posts(requests, `${THREAD}/messages`);
    expect(sent!.body).toEqual({
      body: 'Hi Ada,\ncan we start with algebra?',
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await waitFor(() => expect(screen.queryByText('Sending...')).toBeNull());
  });

  it('shows a sent message once when a refetch brings it before the send answers', async () => {
    const user = userEvent.setup();
    const answer = gate();
    serveMessaging({ holdSend: answer.opened });
    const { client } = renderMessages('/student/messages/conversation-1');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(await screen.findByText('Sending...')).toBeTruthy();

    // As the live socket does on a new message: the thread is read again.
    await client.invalidateQueries({ queryKey: queryKeys.messaging.messages('conversation-1') });
    await waitFor(() => expect(screen.queryByText('Sending...')).toBeNull());
    expect(bodies()).toEqual(['Hello']);
    // The send answers: Send is free again (with a next text), and the message is still one.
    answer.open();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Next');
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false),
    );
    expect(bodies()).toEqual(['Hello']);
  });

  it('keeps the draft and shows the server’s reason when sending too fast; a retry is the same message', async () => {
    const user = userEvent.setup();
    const { requests } = serveMessaging({ send: () => apiError('RATE_LIMITED', MM.rateLimited) });
    renderMessages('/student/messages/conversation-1');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(composer, 'One more thing');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MM.rateLimited);
    expect((composer as HTMLTextAreaElement).value).toBe('One more thing');
    expect(screen.queryAllByTestId('message')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(requests, `${THREAD}/messages`)).toHaveLength(2));
    const [first, retry] = posts(requests, `${THREAD}/messages`) as [ApiRequest, ApiRequest];
    expect((retry.body as { clientId: string }).clientId).toBe(
      (first.body as { clientId: string }).clientId,
    );
  });

  it('counts down near the limit and sends nothing blank', async () => {
    const user = userEvent.setup();
    serveMessaging();
    renderMessages('/student/messages/conversation-1');
    const composer = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(composer.maxLength).toBe(2000);
    await user.type(composer, '   ');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    await user.clear(composer);
    await user.click(composer);
    await user.paste('x'.repeat(1850));
    expect(screen.getByText('150 characters left')).toBeTruthy();
  });

  it('shows the masking notice above the composer while contact details are hidden', async () => {
    serveMessaging({ inbox: [conversation({ masking: true })] });
    renderMessages('/student/messages/conversation-1');
    expect(await screen.findByText(MM.maskedNotice)).toBeTruthy();
  });

  it('blocks after a confirmation; the composer gives way to the reason', async () => {
    const user = userEvent.setup();
    const { requests } = serveMessaging();
    renderMessages('/student/messages/conversation-1');
    await user.click(await screen.findByRole('button', { name: 'Conversation options' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ada Tutor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText(MM.blockedByMe)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(posts(requests, `${THREAD}/block`)).toHaveLength(1);
  });

  it('reports a received message from the report dialog', async () => {
    const user = userEvent.setup();
    const { requests } = serveMessaging({
      stored: [message(1, { body: 'Pay me outside' })],
      routes: {
        'POST /api/reports': {
          status: 201,
          json: {
            report: { id: 'report-1', kind: 'message', status: 'open', createdAt: yesterday() },
          },
        },
      },
    });
    renderMessages('/student/messages/conversation-1');
    await screen.findByText('Pay me outside');
    await user.click(screen.getByRole('button', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or payment outside Tutora' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(posts(requests, '/api/reports')).toHaveLength(1));
    expect(posts(requests, '/api/reports')[0]!.body).toEqual({
      kind: 'message',
      messageId: 'message-1',
      reason: 'fraud',
      details: '',
    });
  });
});
