import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { userChannel } from '../../../common/contracts/feed-events';
import type { Notification, UserEvent } from '../../../common/contracts/notifications';
import { useChannel } from '../../realtime/use-realtime';
import { addNotification, notificationKeys } from './notifications.queries';

function describe(notification: Notification): string {
  return `${notification.actor.displayName} mentioned you: ${notification.excerpt}`;
}

/**
 * Listens on the reader's private channel, patches the notifications cache and returns the
 * latest sentence for a polite live region. After a reconnect the channel is subscribed again
 * and the list is refetched, since events sent while offline are not replayed.
 */
export function useLiveNotifications(userId: string | null): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const subscriptions = useRef(0);
  useChannel(userId === null ? null : userChannel(userId), {
    'pusher:subscription_succeeded': () => {
      subscriptions.current += 1;
      if (subscriptions.current > 1) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    'notification.created': (data) => {
      const event = data as UserEvent;
      addNotification(queryClient, event.notification, event.unreadCount);
      setAnnouncement(describe(event.notification));
    },
  });
  return announcement;
}
