import type { Notification } from '../../../common/contracts/notifications';
import {
  PUSHED_NOTIFICATION_KINDS,
  type PushDevice,
  type PushDeviceList,
  type PushedNotificationKind,
  type PushSettings,
  type PushSubscribeRequest,
} from '../../../common/contracts/web-push';
import { errors } from '../../errors';
import type { TextSeal } from '../../platform/crypto/sealed-text';
import type { Db } from '../../platform/db/database';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { deviceName } from '../account';
import { createUsersRepository, isSuspended } from '../users';
import type { PushDelivery } from './push-delivery';
import { pushedKindOf, pushPayloadOf, topicOf } from './push-message';
import type { PushOutbox } from './push-outbox';
import type { PushDeviceRow, PushSubscriptionsRepository } from './push-subscriptions.repository';

export interface WebPushDeps {
  db: Db;
  subscriptions: PushSubscriptionsRepository;
  outbox: PushOutbox;
  delivery: Pick<PushDelivery, 'wake'>;
  subscriptionSeal: TextSeal;
  payloadSeal: TextSeal;
  /** PUSHES_PER_HOUR, per account. */
  limiter: RateLimiter;
  applicationServerKey: string;
  /** Loopback addresses a test's push service may have; plain http is allowed only to them. */
  allowedAddresses: readonly string[];
  log: { error(details: object, message: string): void };
  now?: () => number;
}

const COLUMN = {
  mention: 'push_on_mention',
  reply: 'push_on_reply',
  like: 'push_on_like',
  repost: 'push_on_repost',
  follow: 'push_on_follow',
} as const satisfies Record<PushedNotificationKind, string>;

/** Push services are public https servers; a test's stand-in on loopback may use plain http. */
function isAcceptableEndpoint(endpoint: string, allowedAddresses: readonly string[]): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowedAddresses.includes(url.hostname.replace(/^\[|\]$/g, ''));
}

function presentDevice(row: PushDeviceRow, sessionId: string): PushDevice {
  return {
    id: row.id,
    device: row.device,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastPushedAt: row.last_pushed_at === null ? null : new Date(Number(row.last_pushed_at)).toISOString(),
    isThisSession: row.session_id === sessionId,
  };
}

/**
 * Web Push: each signed-in device that asks is subscribed for as long as its session lasts, and
 * every notification of a kind its account wants is queued for each of its devices, then sent in
 * the background (push-delivery.ts).
 */
export function createWebPushService(deps: WebPushDeps) {
  const { db, subscriptions, outbox, delivery, subscriptionSeal, payloadSeal, limiter, log } = deps;
  const now = deps.now ?? Date.now;
  const users = createUsersRepository(db);

  async function wants(userId: string, kind: PushedNotificationKind): Promise<boolean> {
    const user = await users.findById(userId);
    if (!user || isSuspended(user)) return false;
    return user[COLUMN[kind]] === 1;
  }

  async function queue(userId: string, notification: Notification): Promise<void> {
    const kind = pushedKindOf(notification.type);
    if (kind === null || !(await wants(userId, kind))) return;
    const devices = await subscriptions.deliverableFor(userId, now());
    if (devices.length === 0 || !(await limiter.consume(userId)).allowed) return;
    const sealedPayload = payloadSeal.seal(JSON.stringify(pushPayloadOf(notification)));
    const topic = topicOf(notification);
    await outbox.enqueue(
      devices.map((device) => ({ subscriptionId: device.id, sealedPayload, topic })),
      now(),
    );
    delivery.wake();
  }

  return {
    /** After the notification is committed and announced; a failure here is logged, never passed on. */
    async notificationCreated(userId: string, notification: Notification): Promise<void> {
      try {
        await queue(userId, notification);
      } catch (err) {
        log.error({ err, userId }, 'push not queued');
      }
    },

    async subscribe(
      user: { id: string; sessionId: string; userAgent: string },
      request: PushSubscribeRequest,
    ): Promise<PushDevice> {
      if (!isAcceptableEndpoint(request.endpoint, deps.allowedAddresses)) {
        throw errors.validation({ endpoint: 'The endpoint must be an https URL.' });
      }
      const stored = { endpoint: request.endpoint, keys: request.keys };
      const id = await subscriptions.upsert(
        {
          userId: user.id,
          sessionId: user.sessionId,
          endpoint: request.endpoint,
          sealedSubscription: subscriptionSeal.seal(JSON.stringify(stored)),
          device: deviceName(user.userAgent),
        },
        now(),
      );
      const row = await subscriptions.findForUser(user.id, id);
      if (!row) throw errors.notFound('That device is not subscribed.');
      return presentDevice(row, user.sessionId);
    },

    async list(userId: string, sessionId: string): Promise<PushDeviceList> {
      const rows = await subscriptions.listForUser(userId);
      return {
        devices: rows.map((row) => presentDevice(row, sessionId)),
        applicationServerKey: deps.applicationServerKey,
      };
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await subscriptions.deleteForUser(userId, id)))
        throw errors.notFound('That device is not subscribed.');
    },

    async settings(userId: string): Promise<PushSettings> {
      const user = await users.findById(userId);
      if (!user) throw errors.unauthenticated();
      const settings = Object.fromEntries(
        PUSHED_NOTIFICATION_KINDS.map((kind) => [kind, user[COLUMN[kind]] === 1]),
      ) as Record<PushedNotificationKind, boolean>;
      return settings;
    },

    async updateSettings(userId: string, settings: PushSettings): Promise<PushSettings> {
      await db
        .updateTable('users')
        .set({
          push_on_mention: settings.mention ? 1 : 0,
          push_on_reply: settings.reply ? 1 : 0,
          push_on_like: settings.like ? 1 : 0,
          push_on_repost: settings.repost ? 1 : 0,
          push_on_follow: settings.follow ? 1 : 0,
        })
        .where('id', '=', userId)
        .execute();
      return this.settings(userId);
    },
  };
}

export type WebPushService = ReturnType<typeof createWebPushService>;
