import webpush from 'web-push';
import { z } from 'zod';
import { startPollingLoop } from '../../platform/concurrency/polling-loop';
import type { TextSeal } from '../../platform/crypto/sealed-text';
import { readStoredJson } from '../../platform/db/stored-json';
import type { FetchFailureCode } from '../../platform/safe-fetch/fetch-failure';
import type { SafePoster } from '../../platform/safe-fetch/safe-post';
import { PUSH_MAX_ATTEMPTS, PUSH_POLL_INTERVAL_MS, PUSH_RETRY_DELAYS_MS, PUSH_TTL_SECONDS } from './limits';
import type { DuePush, PushOutbox } from './push-outbox';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

export interface PushDeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PushDeliveryDeps {
  outbox: PushOutbox;
  subscriptions: PushSubscriptionsRepository;
  /** Opens sealed subscriptions and payloads. */
  subscriptionSeal: TextSeal;
  payloadSeal: TextSeal;
  vapid: VapidKeys & { subject: string };
  poster: SafePoster;
  log: PushDeliveryLog;
  now?: () => number;
  pollIntervalMs?: number;
}

export interface PushDelivery {
  /** Looks for due pushes now (some were just queued) instead of at the next poll. */
  wake(): void;
  /** One round: sends what is due, returns how many were taken. Rounds never overlap. */
  deliverDue(): Promise<number>;
  stop(): Promise<void>;
}

/** What a sealed subscription holds (web-push.service.ts seals it): the browser's subscription. */
const storedSubscriptionSchema = z.object({
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
});

/** The wait before attempt `attempts + 1`, having made `attempts` (≥ 1) already. */
function retryDelayMs(attempts: number): number {
  return PUSH_RETRY_DELAYS_MS[Math.min(attempts, PUSH_RETRY_DELAYS_MS.length) - 1] ?? 0;
}

/** What an answer of the push service (RFC 8030) means for the push and its device. */
type Outcome = 'sent' | 'device-gone' | 'retry' | 'refused';

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  // The browser unsubscribed, or the subscription expired: it will never work again.
  if (status === 404 || status === 410) return 'device-gone';
  // Busy (429) or broken (5xx): later may work.
  if (status === 429 || status >= 500) return 'retry';
  // Anything else (a payload too large, our VAPID key refused): this push never will.
  return 'refused';
}

/** A target the guard refuses never becomes acceptable; a network failure may pass. */
function failureOutcome(code: FetchFailureCode): Outcome {
  return code === 'forbidden_address' || code === 'invalid_url' ? 'refused' : 'retry';
}

/**
 * Sends queued pushes in the background on every node, so a slow push service never slows a
 * request: polls, and wakes when pushes are queued. Each request is built by the web-push library
 * (VAPID signature, RFC 8291 encryption) and sent through the server's guarded outbound client,
 * since the endpoint came from a browser and could name any host.
 */
export function startPushDelivery(deps: PushDeliveryDeps): PushDelivery {
  const { outbox, subscriptions, subscriptionSeal, payloadSeal, vapid, poster, log } = deps;
  const now = deps.now ?? Date.now;

  async function sendOne(push: DuePush): Promise<void> {
    const subscription = readStoredJson(
      storedSubscriptionSchema,
      subscriptionSeal.open(push.sealedSubscription),
      'push_subscriptions.sealed_subscription',
    );
    const payload = payloadSeal.open(push.sealedPayload);
    const request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      topic: push.topic,
      contentEncoding: 'aes128gcm',
    });
    // web-push gives TTL and Content-Length as numbers, whatever its types say.
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    const answer = await poster.post(request.endpoint, { headers, body: request.body });
    const outcome = answer.ok ? outcomeOf(answer.status) : failureOutcome(answer.code);
    const details = {
      pushId: push.id,
      subscriptionId: push.subscriptionId,
      status: answer.ok ? answer.status : answer.code,
    };
    switch (outcome) {
      case 'sent':
        await outbox.remove(push.id);
        await subscriptions.markPushed(push.subscriptionId, now());
        return;
      case 'device-gone':
        // Its queued pushes go with it.
        await subscriptions.delete(push.subscriptionId);
        log.info(details, 'push subscription gone; removed');
        return;
      case 'refused':
        await outbox.remove(push.id);
        log.warn(details, 'push refused by the push service; dropped');
        return;
      case 'retry': {
        const attempts = push.attempts + 1;
        if (attempts >= PUSH_MAX_ATTEMPTS) {
          await outbox.remove(push.id);
          log.warn({ ...details, attempts }, 'push not delivered; given up');
        } else {
          await outbox.scheduleRetry(push.id, attempts, now() + retryDelayMs(attempts));
          log.warn({ ...details, attempts }, 'push not delivered; will retry');
        }
      }
    }
  }

  /** A push that cannot even be built (its seal or keys unreadable) would fail the same way forever. */
  async function sendOrDrop(push: DuePush): Promise<void> {
    try {
      await sendOne(push);
    } catch (err) {
      await outbox.remove(push.id);
      log.warn(
        { err, pushId: push.id, subscriptionId: push.subscriptionId },
        'push could not be built; dropped',
      );
    }
  }

  async function round(): Promise<number> {
    const due = await outbox.claimDue(now());
    // One at a time per node: pushes are small, and a node's share of the outbox is a batch.
    for (const push of due) await sendOrDrop(push);
    return due.length;
  }

  const loop = startPollingLoop({
    round,
    pollIntervalMs: deps.pollIntervalMs ?? PUSH_POLL_INTERVAL_MS,
    onError: (err) => log.warn({ err }, 'the push outbox could not be read'),
  });
  return { wake: loop.wake, deliverDue: loop.runOnce, stop: loop.stop };
}
