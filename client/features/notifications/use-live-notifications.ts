import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { userChannel } from '../../../common/contracts/feed-events';
import type { UserEvent } from '../../../common/contracts/notifications';
import { useChannel, useRealtimeSignin } from '../../realtime/use-realtime';
import { describeNotification } from './describe-notification';
import { addNotification, notificationKeys, setUnreadCount } from './notifications.queries';

/**
 * Listens on the reader's private channel, patches the notifications cache and returns the
 * latest sentence for a polite live region. After a reconnect the channel is subscribed again
 * and the list is refetched, since events sent while offline are not replayed.
 */
export function useLiveNotifications(userId: string | null): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const subscriptions = useRef(0);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeSignin(userId);
  useChannel(userId === null ? null : userChannel(userId), {
    'pusher:subscription_succeeded': () => {
      subscriptions.current += 1;
      if (subscriptions.current > 1) refetch();
    },
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
