import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../../contracts/notifications.contract';
import { call } from '../../lib/api-client';
import { useUnreadCountsAskable } from '../../lib/live-events';
import { queryKeys } from '../../lib/query-keys';

// The bell's data. The unread count refreshes on its own (every minute and when the window
// gets focus) until notifications are pushed over the socket (the messaging issue); the list is
// read when the panel opens.

/** How often the unread count is asked for while the app is open. */
export const UNREAD_REFRESH_MS = 60_000;
/** How long a count read is not asked for again (the window getting focus asks after it). */
const UNREAD_FRESH_MS = 15_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: () => call(getUnreadNotifications),
    select: (data) => data.unread,
    enabled: useUnreadCountsAskable(),
    // The count the live socket brought is not asked for again at once.
    staleTime: UNREAD_FRESH_MS,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** The user's notifications, newest first, a page at a time ('Show more'). */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam }) => call(listNotifications, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled,
    // Opening the panel always shows what is new.
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Marks one notification, or all, read; the count comes back from the server. */
export function useMarkRead() {
  const client = useQueryClient();
  const settle = ({ unread }: { unread: number }) => {
    client.setQueryData(queryKeys.notifications.unread, { unread });
    void client.invalidateQueries({ queryKey: queryKeys.notifications.list });
  };
  const one = useMutation({
    mutationFn: (id: number) => call(markNotificationRead, { params: { id: String(id) } }),
    onSuccess: settle,
  });
  const all = useMutation({
    mutationFn: () => call(markAllNotificationsRead),
    onSuccess: settle,
  });
  return { one, all };
}
