import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCalendarFeed,
  getCalendarFeed,
  revokeCalendarFeed,
  type CalendarFeedStatus,
} from '../../../contracts/calendar-feed.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Whether the signed-in user's calendar feed is on, and since when. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: queryKeys.calendarFeed,
    queryFn: () => call(getCalendarFeed),
    // The error panel offers Try Again: no silent retries before it shows.
    retry: false,
  });
}

/** A new feed link (the old one, if any, stops working); the answer holds the link, once. */
export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(createCalendarFeed),
    onSuccess: (created) =>
      client.setQueryData<CalendarFeedStatus>(queryKeys.calendarFeed, { feed: created.feed }),
  });
}

export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(revokeCalendarFeed),
    onSuccess: () =>
      client.setQueryData<CalendarFeedStatus>(queryKeys.calendarFeed, { feed: null }),
  });
}
