import { createTextSeal } from '../../platform/crypto/sealed-text';
import type { Platform } from '../../platform/platform';
import { createSafePoster } from '../../platform/safe-fetch/safe-post';
import { PUSHES_PER_HOUR } from './limits';
import { type PushDelivery, startPushDelivery } from './push-delivery';
import { createPushOutbox } from './push-outbox';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository';
import { vapidKeysFor } from './vapid-keys';
import { registerWebPushRoutes } from './web-push.routes';
import { createWebPushService, type WebPushService } from './web-push.service';

export interface WebPushFeature {
  service: WebPushService;
  delivery: PushDelivery;
}

/** Notifications pushed to the devices that ask, while the app is closed (the Push API, VAPID). */
export function webPushFeature(platform: Platform): WebPushFeature {
  const { app, config, db, events } = platform;
  const vapid = vapidKeysFor(config.webPush, config.dataDir);
  const subscriptions = createPushSubscriptionsRepository(db);
  const outbox = createPushOutbox(db);
  const subscriptionSeal = createTextSeal(config.sessionSecret, 'push-subscription');
  const payloadSeal = createTextSeal(config.sessionSecret, 'push-payload');
  const delivery = startPushDelivery({
    outbox,
    subscriptions,
    subscriptionSeal,
    payloadSeal,
    vapid: { ...vapid, subject: config.webPush.subject },
    poster: createSafePoster({ allowedPrivateAddresses: config.webPush.allowedAddresses }),
    log: app.log,
  });
  // Before the database closes: the round in progress finishes writing what it sent.
  app.addHook('onClose', async () => delivery.stop());
  const service = createWebPushService({
    db,
    subscriptions,
    outbox,
    delivery,
    subscriptionSeal,
    payloadSeal,
    limiter: platform.rateLimiter(PUSHES_PER_HOUR),
    applicationServerKey: vapid.publicKey,
    allowedAddresses: config.webPush.allowedAddresses,
    log: app.log,
  });
  events.on('notification.created', ({ userId, notification }) =>
    service.notificationCreated(userId, notification),
  );
  platform.apiRoutes((api) => registerWebPushRoutes(api, { service }));
  return { service, delivery };
}
