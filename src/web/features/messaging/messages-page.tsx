import { MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { MESSAGING_MESSAGES as MM } from '../../../domain/messaging/messaging-rules';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { ButtonLink, Button } from '../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { ConversationList } from './conversation-list';
import { useInbox } from './messaging-api';
import { Thread } from './thread';

type Role = 'student' | 'tutor';

/** The way onward from an empty inbox: a student finds a tutor, a tutor their students. */
function EmptyInbox({ role }: { role: Role }) {
  return (
    <div className="p-4">
      <EmptyState
        icon={MessagesSquare}
        title={MM.emptyInbox}
        hint={role === 'student' ? M.emptyInboxHintStudent : M.emptyInboxHintTutor}
        action={
          <ButtonLink to={role === 'student' ? paths.student.tutors : paths.tutor.students}>
            {role === 'student' ? M.findTutors : M.myStudents}
          </ButtonLink>
        }
      />
    </div>
  );
}

function Inbox({ role, viewerId }: { role: Role; viewerId: string }) {
  const inbox = useInbox();
  if (inbox.isPending)
    return (
      <div className="p-4">
        <LoadingSkeleton label={M.conversations} />
      </div>
    );
  if (inbox.isError)
    return (
      <div className="p-4">
        <ErrorPanel message={MM.loadFailed} onRetry={() => void inbox.refetch()} />
      </div>
    );
  const conversations = inbox.data.pages.flatMap((page) => page.conversations);
  if (conversations.length === 0) return <EmptyInbox role={role} />;
  return (
    <>
      <ConversationList conversations={conversations} role={role} viewerId={viewerId} />
      {inbox.hasNextPage && (
        <div className="border-t border-slate-100 p-2 text-center dark:border-slate-800">
          <Button
            variant="ghost"
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
          >
            {M.showMoreConversations}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The Messages page (issue #16): from 768 px the inbox on the left and the open thread on the
 * right; on a phone the inbox, or the open thread full width with a way back to the inbox.
 */
export function MessagesPage({ role }: { role: Role }) {
  const { conversationId } = useParams();
  const { user } = useSession();
  const viewerId = user?.id ?? '';
  const pane =
    'min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
  return (
    // The viewport less the header (61 px) and the main area's padding: the panes scroll, not
    // the page.
    <div className="mx-auto flex h-[calc(100dvh-61px-2rem)] min-h-[26rem] max-w-6xl flex-col gap-4 sm:h-[calc(100dvh-61px-3rem)] lg:h-[calc(100dvh-61px-4rem)]">
      <h1 className={`text-2xl font-bold ${conversationId ? 'max-md:sr-only' : ''}`}>{M.title}</h1>
      <div className="grid min-h-0 flex-1 gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]">
        <div className={`${pane} ${conversationId ? 'hidden md:flex' : 'flex'}`}>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <Inbox role={role} viewerId={viewerId} />
          </div>
        </div>
        <div className={`${pane} ${conversationId ? 'flex' : 'hidden md:flex'}`}>
          {conversationId ? (
            <Thread
              key={conversationId}
              conversationId={conversationId}
              role={role}
              viewerId={viewerId}
            />
          ) : (
            <p className="m-auto p-6 text-center text-sm text-slate-600 dark:text-slate-400">
              {M.chooseConversation}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
