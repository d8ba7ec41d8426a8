import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkNotificationsReadResponse,
  Notification,
  NotificationsResponse,
} from '../../../common/contracts/notifications';
import { apiRequest } from '../../lib/api-client';

export const notificationKeys = { all: ['notifications'] as const };

const fetchNotifications = ({ signal }: { signal: AbortSignal }) =>
  apiRequest<NotificationsResponse>('/notifications', { signal });

/** The list and the unread count come together; the header's bell reads the count from here too. */
export function useNotifications(isEnabled = true) {
  return useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications, enabled: isEnabled });
}

/** The notifications page always shows the server's latest, not what the bell fetched earlier. */
export function useFreshNotifications() {
  return useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications, refetchOnMount: 'always' });
}

export function useUnreadCount(isEnabled: boolean): number {
  const { data } = useNotifications(isEnabled);
  return data?.unreadCount ?? 0;
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<MarkNotificationsReadResponse>('/notifications/read', { method: 'POST', body: {} }),
    // Only the count changes here: the list keeps showing which ones were new on this visit.
    onSuccess: ({ unreadCount }) =>
      queryClient.setQueryData<NotificationsResponse>(
        notificationKeys.all,
        (data) => data && { ...data, unreadCount },
      ),
  });
}

/** A live notification: on top of the list (once), with the server's absolute unread count. */
export function addNotification(
  queryClient: QueryClient,
  notification: Notification,
  unreadCount: number,
): void {
  queryClient.setQueryData<NotificationsResponse>(notificationKeys.all, (data) => {
    if (!data) return data;
    const isKnown = data.notifications.some((n) => n.id === notification.id);
    return {
      notifications: isKnown ? data.notifications : [notification, ...data.notifications],
      unreadCount,
    };
  });
}
