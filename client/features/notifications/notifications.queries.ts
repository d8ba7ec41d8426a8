import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '../../../common/contracts/notifications';
import { api } from '../../lib/api-client';

export const notificationKeys = { all: ['notifications'] as const };

export type NotificationPages = InfiniteData<NotificationsResponse>;

const pagedNotifications = {
  queryKey: notificationKeys.all,
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
    api('notifications.list', { signal, query: { cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: NotificationsResponse) => last.nextCursor ?? undefined,
};

/** The list and the unread count come together; the header's bell reads the count from here too. */
export function useNotifications(isEnabled = true) {
  return useInfiniteQuery({ ...pagedNotifications, enabled: isEnabled });
}

/** The notifications page always shows the server's latest, not what the bell fetched earlier. */
export function useFreshNotifications() {
  return useInfiniteQuery({ ...pagedNotifications, refetchOnMount: 'always' });
}

/** The newest page carries the count: the server's, as of the latest answer or event. */
export const unreadCountOf = (data: NotificationPages | undefined): number =>
  data?.pages[0]?.unreadCount ?? 0;

export function useUnreadCount(isEnabled: boolean): number {
  return unreadCountOf(useNotifications(isEnabled).data);
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('notifications.markAllRead', { body: {} }),
    // Only the count changes here: the list keeps showing which ones were new on this visit.
    onSuccess: ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
  });
}

function updatePages(queryClient: QueryClient, update: (data: NotificationPages) => NotificationPages): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.all, (data) => data && update(data));
}

export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  updatePages(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page, index) => (index === 0 ? { ...page, unreadCount } : page)),
  }));
}

/**
 * Fetches the list and count again from a request sent now. One already under way was sent
 * before whatever prompted this (an event, a new subscription), so its answer could be older than
 * the cache: it is cancelled rather than waited for.
 */
export async function refetchFromNow(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** A fetch of the list is under way: its answer may predate a live event that arrives now. */
export const isFetchingNotifications = (queryClient: QueryClient): boolean =>
  queryClient.isFetching({ queryKey: notificationKeys.all }) > 0;

/**
 * A live notification: a new entry, or a group that grew (same id), goes on top of the list
 * once, with the server's absolute unread count.
 */
export function addNotification(
  queryClient: QueryClient,
  notification: Notification,
  unreadCount: number,
): void {
  updatePages(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page, index) => {
      const others = page.notifications.filter((n) => n.id !== notification.id);
      return index === 0
        ? { ...page, notifications: [notification, ...others], unreadCount }
        : { ...page, notifications: others };
    }),
  }));
}
