import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ConversationView } from '../../../contracts/messaging.contract';
import { MESSAGING_MESSAGES as MM } from '../../../domain/messaging/messaging-rules';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { ReportDialog, type ReportTarget } from '../../components/report/report-dialog';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { PersonAvatar } from '../../components/ui/person-avatar';
import { messageOf } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { messagesOf, useConversation, useSendMessage, useThreadMessages } from './messaging-api';
import { ThreadMenu } from './thread-menu';
import { useMarkThreadRead } from './use-mark-thread-read';

type Role = 'student' | 'tutor';

/** Why the viewer cannot write here, if they cannot. */
function closedReason(conversation: ConversationView): string | null {
  if (conversation.counterpart.accountClosed) return MM.accountClosed;
  if (conversation.blockedByMe) return MM.blockedByMe;
  if (conversation.blockedByThem) return MM.blockedByThem;
  return null;
}

/**
 * Sending: the text shows at once as a pending bubble and leaves the composer; a failure gives
 * the text back with the server's reason. A retry of the same text reuses its clientId, so a
 * send that reached the server before the failure is not stored twice.
 */
function useSending(conversationId: string) {
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<{ body: string; clientId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; clientId: string } | null>(null);

  const submit = () => {
    const body = text.trim();
    if (!body || pending !== null) return;
    const clientId =
      attempt.current?.body === body ? attempt.current.clientId : crypto.randomUUID();
    attempt.current = { body, clientId };
    setPending({ body, clientId });
    setText('');
    setError(null);
    send.mutate(
      { body, clientId },
      {
        onSuccess: () => {
          attempt.current = null;
          setPending(null);
        },
        onError: (failure) => {
          setPending(null);
          // Whatever the viewer typed meanwhile stays; else their message comes back.
          setText((current) => (current === '' ? body : current));
          setError(messageOf(failure, MM.sendFailed));
        },
      },
    );
  };
  return { text, setText, pending, error, submit };
}

/** One conversation: its header and menu, the messages, and the composer (or why it is closed). */
export function Thread({
  conversationId,
  role,
  viewerId,
}: {
  conversationId: string;
  role: Role;
  viewerId: string;
}) {
  const conversation = useConversation(conversationId);
  const thread = useThreadMessages(conversationId);
  const messages = messagesOf(thread.data);
  const sending = useSending(conversationId);
  // The live socket's refetch may bring the sent message before the send answers: shown once.
  const pending =
    sending.pending && !messages.some((m) => m.clientId === sending.pending?.clientId)
      ? sending.pending.body
      : null;
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  useMarkThreadRead(conversationId, messages, viewerId);

  if (conversation.isPending || thread.isPending)
    return (
      <div className="p-4">
        <LoadingSkeleton label={M.title} />
      </div>
    );
  if (conversation.isError || thread.isError)
    return (
      <div className="p-4">
        <ErrorPanel
          message={
            conversation.isError ? messageOf(conversation.error, MM.loadFailed) : MM.loadFailed
          }
          onRetry={() => {
            void conversation.refetch();
            void thread.refetch();
          }}
        />
      </div>
    );

  const { counterpart } = conversation.data;
  const closed = closedReason(conversation.data);
  const profile =
    role === 'student' && counterpart.tutorProfileId
      ? paths.tutorProfile(counterpart.tutorProfileId)
      : null;
  return (
    <section aria-label={counterpart.name} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-5 dark:border-slate-800">
        <Link
          to={paths[role].messages}
          aria-label={M.backToConversations}
          className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <PersonAvatar name={counterpart.name} avatarUrl={counterpart.avatarUrl} />
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold">
          {profile ? (
            <Link to={profile} className="hover:underline">
              {counterpart.name}
            </Link>
          ) : (
            counterpart.name
          )}
        </h2>
        <ThreadMenu conversation={conversation.data} />
      </header>
      <MessageList
        messages={messages}
        pending={pending}
        viewerId={viewerId}
        hasOlder={thread.hasNextPage}
        loadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        onReport={(message) => setReporting({ kind: 'message', messageId: message.id })}
      />
      {closed ? (
        <p className="border-t border-slate-200 p-4 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
          {closed}
        </p>
      ) : (
        <>
          {conversation.data.masking && (
            <p className="border-t border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 sm:px-5 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {MM.maskedNotice}
            </p>
          )}
          <Composer
            text={sending.text}
            onText={sending.setText}
            onSend={sending.submit}
            sending={sending.pending !== null}
            error={sending.error}
          />
        </>
      )}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}
