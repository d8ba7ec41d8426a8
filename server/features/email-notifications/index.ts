/** The email-notifications feature's public face. */
export type { EmailNotificationsService } from './email-notifications.service';
