import type { Platform } from '../../platform/platform';
import { NOTIFICATION_EMAILS_PER_HOUR } from './limits';
import { registerEmailNotificationRoutes, registerOneClickUnsubscribe } from './email-notifications.routes';
import {
  createEmailNotificationsService,
  type EmailNotificationsService,
} from './email-notifications.service';

/** Mentions and replies by e-mail too, each e-mail with a one-click way to stop its kind. */
export function emailNotificationsFeature(platform: Platform): EmailNotificationsService {
  const { app, config, db, events, instance, mail, rateLimiter } = platform;
  const service = createEmailNotificationsService({
    db,
    mail,
    instance,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    limiter: rateLimiter(NOTIFICATION_EMAILS_PER_HOUR),
    log: app.log,
  });
  events.on('notification.created', ({ userId, notification }) =>
    service.notificationCreated(userId, notification),
  );
  platform.apiRoutes((api) => registerEmailNotificationRoutes(api, { service }));
  registerOneClickUnsubscribe(app, service);
  return service;
}
