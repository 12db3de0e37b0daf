import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNotificationSettings,
  updateNotificationSettings,
  type NotificationSettings,
} from '../../../contracts/notification-settings.contract';
import { call } from '../../lib/api-client';

const NOTIFICATIONS_KEY = ['account', 'notifications'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => call(getNotificationSettings),
    retry: false,
  });
}

/**
 * Saves the whole set; the page shows the choice at once and puts it back if the save fails.
 * A save's answer is not adopted: with two quick clicks it could be older than what is shown.
 */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => call(updateNotificationSettings, { body }),
    onMutate: (next) => {
      const previous = client.getQueryData<NotificationSettings>(NOTIFICATIONS_KEY);
      client.setQueryData(NOTIFICATIONS_KEY, next);
      return { previous };
    },
    onError: (_error, _next, context) => client.setQueryData(NOTIFICATIONS_KEY, context?.previous),
  });
}
