import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userChannel } from '../../../common/contracts/live-events';
import { useLiveChannel } from '../../realtime/use-live-channel';
import { useRealtimeSignin } from '../../realtime/use-realtime';
import { notificationAnnouncement } from './notification-text';
import {
  addNotification,
  isFetchingNotifications,
  refetchFromNow,
  setUnreadCount,
} from './notifications.queries';

/**
 * Listens on the reader's private channel, patches the notifications cache and returns the
 * latest sentence for a polite live region. Each time the channel is subscribed (the first time
 * too) the count and list are fetched again: events are not replayed, so one sent between the
 * page's first fetch and the subscription, or while offline, would otherwise be lost. An event
 * that arrives while such a fetch is under way is not patched in but fetched again, since that
 * fetch's answer may predate it and would overwrite it (the bell would show one unread too few).
 */
export function useLiveNotifications(userId: string | null): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const refetch = () => void refetchFromNow(queryClient);
  /** Patches the cache, or fetches from now when an older answer is still on its way. */
  const apply = (patch: () => void) => (isFetchingNotifications(queryClient) ? refetch() : patch());
  useRealtimeSignin(userId);
  useLiveChannel(
    userId === null ? null : userChannel(userId),
    'user',
    {
      'notification.created': ({ notification, unreadCount }) => {
        apply(() => addNotification(queryClient, notification, unreadCount));
        setAnnouncement(notificationAnnouncement(notification));
      },
      // Read in another tab: the bell follows; this tab's list keeps what was new on its visit.
      'notifications.read': ({ unreadCount }) => apply(() => setUnreadCount(queryClient, unreadCount)),
      'notifications.removed': ({ unreadCount }) => {
        setUnreadCount(queryClient, unreadCount);
        refetch();
      },
    },
    { 'pusher:subscription_succeeded': refetch },
  );
  return announcement;
}
