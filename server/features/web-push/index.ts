/** The web-push feature's public face. */
export type { WebPushFeature } from './web-push.plugin';
export type { PushDelivery } from './push-delivery';
