/** The notifications feature's public face: what other features may use of it. */
export type {
  MentionsInPost,
  NotificationsService,
  PendingNotification,
  ShouldNotify,
} from './notifications.service';
