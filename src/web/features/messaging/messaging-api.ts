import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  blockConversation,
  getConversation,
  getUnreadMessages,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  unblockConversation,
  type ConversationView,
  type MessageView,
} from '../../../contracts/messaging.contract';
import { call } from '../../lib/api-client';
import { useUnreadCountsAskable } from '../../lib/live-events';
import { queryKeys } from '../../lib/query-keys';

// The Messages page's data. Nothing polls: the live socket (lib/live-events) invalidates
// queryKeys.messaging.* when something happens; without it, a short staleTime and a refetch
// when the window gets focus keep the page and the badges close to the truth.

const FRESH_MS = 15_000;
const live = { staleTime: FRESH_MS, refetchOnWindowFocus: true } as const;

/** Unread messages across every conversation: the sidebar's and the header's badges. */
export function useUnreadMessages() {
  return useQuery({
    queryKey: queryKeys.messaging.unread,
    queryFn: () => call(getUnreadMessages),
    select: (data) => data.unread,
    enabled: useUnreadCountsAskable(),
    ...live,
  });
}

/** The inbox, the most recent first, a page at a time. */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: queryKeys.messaging.inboxAll,
    queryFn: ({ pageParam }) => call(listConversations, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    retry: false,
    ...live,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: queryKeys.messaging.conversation(id),
    queryFn: async () => (await call(getConversation, { params: { id } })).conversation,
    retry: false,
    ...live,
  });
}

type MessagePage = { messages: MessageView[]; hasOlder: boolean };
export type ThreadData = InfiniteData<MessagePage>;

/**
 * A thread's messages: the newest page first, then older pages (read backwards from the oldest
 * seq shown). A refetch (the socket's invalidation) re-reads from the newest page.
 */
export function useThreadMessages(id: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.messaging.messages(id),
    queryFn: ({ pageParam }) =>
      call(listMessages, { params: { id }, query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasOlder ? last.messages[0]?.seq : undefined),
    retry: false,
    ...live,
  });
}

/** The thread's messages oldest first, each once (a live one may also arrive in a refetch). */
export function messagesOf(data: ThreadData | undefined): MessageView[] {
  const seen = new Map<string, MessageView>();
  for (const page of data?.pages ?? [])
    for (const message of page.messages) seen.set(message.id, message);
  return [...seen.values()].sort((a, b) => a.seq - b.seq);
}

/** Puts a sent message into the cached thread (before the refetch brings it too). */
function withMessage(data: ThreadData | undefined, message: MessageView): ThreadData | undefined {
  if (!data || data.pages.length === 0) return data;
  const [newest, ...older] = data.pages;
  const messages = [...newest!.messages.filter((m) => m.id !== message.id), message];
  return { ...data, pages: [{ ...newest!, messages }, ...older] };
}

export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; clientId: string }) =>
      call(sendMessage, { params: { id: conversationId }, body }),
    onSuccess: ({ message }) => {
      client.setQueryData<ThreadData>(queryKeys.messaging.messages(conversationId), (data) =>
        withMessage(data, message),
      );
      void client.invalidateQueries({ queryKey: queryKeys.messaging.inboxAll });
    },
  });
}

/** Marks the viewer's received messages read up to a seq; the server answers the new total. */
export function useMarkRead(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upToSeq: number) =>
      call(markConversationRead, { params: { id: conversationId }, body: { upToSeq } }),
    // The thread marks once per newest message it shows: a failed mark (a network blip) is
    // tried again (after 1, 2 and 4 s), or the badge would stay until the next message.
    retry: 3,
    onSuccess: ({ unread }) => {
      client.setQueryData(queryKeys.messaging.unread, { unread });
      client.setQueryData<ConversationView>(
        queryKeys.messaging.conversation(conversationId),
        (conversation) => conversation && { ...conversation, unread: 0 },
      );
      void client.invalidateQueries({ queryKey: queryKeys.messaging.inboxAll });
    },
  });
}

/** Blocks or unblocks; the server answers the conversation as it now is. */
export function useBlock(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      call(block ? blockConversation : unblockConversation, { params: { id: conversationId } }),
    onSuccess: ({ conversation }) => {
      client.setQueryData(queryKeys.messaging.conversation(conversationId), conversation);
      void client.invalidateQueries({ queryKey: queryKeys.messaging.inboxAll });
    },
  });
}
