import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  listMessages,
  openConversation,
  sendMessage,
  type MessageView,
} from '../../../contracts/messaging.contract';
import { MESSAGE_MAX_LENGTH } from '../../../domain/messaging/messaging-rules';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import type { ClassroomView } from '../../../contracts/classroom.contract';
import { Button } from '../../components/ui/button';
import { call, messageOf } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// Chat beside the video: the pair's own conversation (messaging), the same one as on the
// Messages page, so the same masking applies (the server's, at send time). New messages come
// over the live socket into the same cache the Messages page uses.

type MessagePage = { messages: MessageView[]; hasOlder: boolean };

export function ClassroomChat({ classroom }: { classroom: ClassroomView }) {
  const [conversationId, setConversationId] = useState(classroom.conversationId);
  // No conversation yet: open it (idempotent on the server), as the Message button does.
  useEffect(() => {
    if (conversationId) return;
    const body =
      classroom.me.role === 'student'
        ? { tutorId: classroom.tutorProfileId }
        : { studentId: classroom.other.userId };
    void call(openConversation, { body }).then(({ conversation }) =>
      setConversationId(conversation.id),
    );
  }, [conversationId, classroom]);
  return (
    <section aria-label={M.chat} className="flex min-h-0 flex-col">
      <h2 className="pb-2 text-sm font-semibold">{M.chat}</h2>
      {conversationId && <ChatThread conversationId={conversationId} meId={classroom.me.userId} />}
    </section>
  );
}

function ChatThread({ conversationId, meId }: { conversationId: string; meId: string }) {
  const client = useQueryClient();
  const key = queryKeys.messaging.messages(conversationId);
  // The Messages page's own query shape (pages of listMessages), so both share one cache.
  const thread = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      call(listMessages, { params: { id: conversationId }, query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: MessagePage) => (last.hasOlder ? last.messages[0]?.seq : undefined),
    staleTime: 15_000,
  });
  const messages = [
    ...new Map(
      (thread.data?.pages ?? []).flatMap((page) => page.messages).map((m) => [m.id, m]),
    ).values(),
  ].sort((a, b) => a.seq - b.seq);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: string) =>
      call(sendMessage, {
        params: { id: conversationId },
        body: { body, clientId: crypto.randomUUID() },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body || send.isPending) return;
    setError(null);
    send.mutate(body, {
      onSuccess: () => setText(''),
      onError: (failure) => setError(messageOf(failure, M.chat)),
    });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col rounded-lg border border-slate-200 dark:border-slate-700">
      <ol
        ref={list}
        aria-live="polite"
        aria-label={M.chat}
        tabIndex={0}
        className="min-h-32 flex-1 space-y-2 overflow-y-auto p-3 text-sm"
        data-testid="classroom-chat"
      >
        {messages.length === 0 && (
          <li className="text-slate-600 dark:text-slate-400">{M.noMessages}</li>
        )}
        {messages.map((message) => (
          <li key={message.id} className={message.senderId === meId ? 'text-right' : 'text-left'}>
            <span
              className={`inline-block max-w-[85%] rounded-lg px-3 py-1.5 break-words whitespace-pre-wrap ${
                message.senderId === meId
                  ? 'bg-indigo-600 text-white'
                  : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
              }`}
            >
              {message.body}
            </span>
          </li>
        ))}
      </ol>
      <form
        onSubmit={submit}
        className="flex gap-2 border-t border-slate-200 p-2 dark:border-slate-700"
      >
        <label htmlFor={inputId} className="sr-only">
          {M.chatPlaceholder}
        </label>
        <input
          id={inputId}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={M.chatPlaceholder}
          aria-invalid={error ? true : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <Button type="submit" disabled={!text.trim() || send.isPending}>
          {M.send}
        </Button>
      </form>
      {error && (
        <p role="alert" className="px-3 pb-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
