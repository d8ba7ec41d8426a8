import type { Platform } from '../../platform/platform';
import type { LivePublishers } from '../live';
import { shouldNotifyUnlessHidden } from '../safety';
import { registerNotificationRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

/** Mentions, replies and likes, sent live on each recipient's own channel. */
export function notificationsFeature(
  platform: Platform,
  { live }: { live: LivePublishers },
): NotificationsService {
  const notifications = createNotificationsService({
    db: platform.db,
    publish: live.user,
    // Nobody hears of someone they block, mute or are blocked by.
    shouldNotify: shouldNotifyUnlessHidden,
    onCreated: (userId, notification) =>
      platform.events.emit('notification.created', { userId, notification }),
  });
  platform.apiRoutes((api) => registerNotificationRoutes(api, { notifications }));
  return notifications;
}
