/** The notifications feature's public face: the list, the bell link, counts and live updates. */
export { NotificationList } from './notification-list';
export { NotificationsLink } from './notifications-link';
export {
  unreadCountOf,
  useFreshNotifications,
  useMarkNotificationsRead,
  useUnreadCount,
} from './notifications.queries';
export { useLiveNotifications } from './use-live-notifications';
