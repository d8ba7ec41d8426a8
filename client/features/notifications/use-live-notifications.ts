import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userChannel } from '../../../common/contracts/feed-events';
import type { UserEvent } from '../../../common/contracts/notifications';
import { useChannel, useRealtimeSignin } from '../../realtime/use-realtime';
import { describeNotification } from './describe-notification';
import { addNotification, notificationKeys, setUnreadCount } from './notifications.queries';

/**
 * Listens on the reader's private channel, patches the notifications cache and returns the
 * latest sentence for a polite live region. Each time the channel is subscribed (the first time
 * too) the count and list are fetched again: events are not replayed, so one sent between the
 * page's first fetch and the subscription, or while offline, would otherwise be lost.
 */
export function useLiveNotifications(userId: string | null): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeSignin(userId);
  useChannel(userId === null ? null : userChannel(userId), {
    'pusher:subscription_succeeded': refetch,
    'notification.created': (data) => {
      const event = data as Extract<UserEvent, { type: 'notification.created' }>;
      addNotification(queryClient, event.notification, event.unreadCount);
      const { sentence, excerpt } = describeNotification(event.notification);
      setAnnouncement(`${sentence}: ${excerpt}`);
    },
    // Read in another tab: the bell follows; this tab's list keeps what was new on its visit.
    'notifications.read': (data) => {
      setUnreadCount(queryClient, (data as Extract<UserEvent, { type: 'notifications.read' }>).unreadCount);
    },
    'notifications.removed': (data) => {
      setUnreadCount(
        queryClient,
        (data as Extract<UserEvent, { type: 'notifications.removed' }>).unreadCount,
      );
      refetch();
    },
  });
  return announcement;
}
