import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userChannel } from '../../../common/contracts/live-events';
import { useLiveChannel } from '../../realtime/use-live-channel';
import { useRealtimeSignin } from '../../realtime/use-realtime';
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
  useLiveChannel(
    userId === null ? null : userChannel(userId),
    'user',
    {
      'notification.created': ({ notification, unreadCount }) => {
        addNotification(queryClient, notification, unreadCount);
        const { sentence, excerpt } = describeNotification(notification);
        setAnnouncement(`${sentence}: ${excerpt}`);
      },
      // Read in another tab: the bell follows; this tab's list keeps what was new on its visit.
      'notifications.read': ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
      'notifications.removed': ({ unreadCount }) => {
        setUnreadCount(queryClient, unreadCount);
        refetch();
      },
    },
    { 'pusher:subscription_succeeded': refetch },
  );
  return announcement;
}
