// The webhook URL is the operator's own setting, never user input: see createWebhookSender.
// eslint-disable-next-line no-restricted-imports -- outbound to a configured, trusted receiver
import { request } from 'undici';
import {
  WEBHOOK_BATCH_DELAY_MS,
  WEBHOOK_MAX_EVENTS_PER_BATCH,
  WEBHOOK_MAX_PENDING_BATCHES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
} from './limits';
import type { RealtimeLogger } from './realtime-context';
import { type AppCredentials, hmacSha256Hex } from './signatures';

/** The events hosted Pusher sends to an app's webhook URL, in its field names. */
export type WebhookEvent =
  | { name: 'channel_occupied'; channel: string }
  | { name: 'channel_vacated'; channel: string }
  | { name: 'member_added'; channel: string; user_id: string }
  | { name: 'member_removed'; channel: string; user_id: string }
  | {
      name: 'client_event';
      channel: string;
      event: string;
      /** The event data as a JSON string, as the sender's subscribers receive it. */
      data: string;
      socket_id: string;
      /** Presence channels only: the sender's user id. */
      user_id?: string;
    };

export interface WebhookQueue {
  add(event: WebhookEvent): void;
  /** Sends what is waiting once more (no further retries) and stops. */
  close(): Promise<void>;
}

/** Without a webhook URL nothing is collected. */
export const NO_WEBHOOKS: WebhookQueue = { add: () => undefined, close: async () => undefined };

export interface WebhookSenderOptions {
  url: string;
  credentials: AppCredentials;
  logger: Pick<RealtimeLogger, 'warn' | 'error'>;
  /** Tests shorten the waits; production uses the limits. */
  batchDelayMs?: number;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  now?: () => number;
}

interface Batch {
  events: WebhookEvent[];
  attempt: number;
}

/**
 * Posts events to the app's webhook URL the way hosted Pusher does: `{ time_ms, events }` as
 * `application/json`, signed with `X-Pusher-Key` and `X-Pusher-Signature` (HMAC-SHA256 of the
 * body with the app secret, hex), batched for WEBHOOK_BATCH_DELAY_MS, and sent again after
 * each WEBHOOK_RETRY_DELAYS_MS while the receiver fails (no answer within WEBHOOK_TIMEOUT_MS,
 * or a status other than 2xx). The URL comes from the operator's configuration, never from a
 * user, so it is called directly rather than through safe-fetch (which refuses private
 * addresses, where a receiver next to the app usually lives).
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookQueue {
  const batchDelayMs = options.batchDelayMs ?? WEBHOOK_BATCH_DELAY_MS;
  const retryDelaysMs = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let current: WebhookEvent[] = [];
  let batchTimer: NodeJS.Timeout | null = null;
  const retries = new Map<Batch, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let isClosed = false;

  const send = (batch: Batch): void => {
    const sending = post(batch.events)
      .then((failure) => (failure === null ? undefined : retryLater(batch, failure)))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };

  const retryLater = (batch: Batch, failure: string): void => {
    const delay = retryDelaysMs[batch.attempt];
    if (isClosed || delay === undefined) {
      options.logger.error(
        { events: batch.events.length, attempts: batch.attempt + 1, reason: failure },
        'webhook batch dropped',
      );
      return;
    }
    options.logger.warn({ reason: failure, retryInMs: delay }, 'webhook failed; will retry');
    if (retries.size >= WEBHOOK_MAX_PENDING_BATCHES) dropOldestRetry();
    const timer = setTimeout(() => {
      retries.delete(batch);
      send({ events: batch.events, attempt: batch.attempt + 1 });
    }, delay);
    timer.unref();
    retries.set(batch, timer);
  };

  const dropOldestRetry = (): void => {
    const [oldest] = retries;
    if (!oldest) return;
    clearTimeout(oldest[1]);
    retries.delete(oldest[0]);
    options.logger.error({ events: oldest[0].events.length }, 'webhook batch dropped: too many waiting');
  };

  /** null when the receiver took it; otherwise why not. The answer's body is always consumed. */
  const post = async (events: WebhookEvent[]): Promise<string | null> => {
    const body = JSON.stringify({ time_ms: now(), events });
    try {
      const response = await request(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-pusher-key': options.credentials.key,
          'x-pusher-signature': hmacSha256Hex(options.credentials.secret, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump();
      return response.statusCode >= 200 && response.statusCode < 300 ? null : `status ${response.statusCode}`;
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : 'request failed';
    }
  };

  const flush = (): void => {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = null;
    if (current.length === 0) return;
    const events = current;
    current = [];
    send({ events, attempt: 0 });
  };

  return {
    add(event) {
      if (isClosed) return;
      current.push(event);
      if (current.length >= WEBHOOK_MAX_EVENTS_PER_BATCH) return flush();
      if (!batchTimer) {
        batchTimer = setTimeout(flush, batchDelayMs);
        batchTimer.unref();
      }
    },
    async close() {
      isClosed = true;
      flush();
      for (const [batch, timer] of retries) {
        clearTimeout(timer);
        send(batch);
      }
      retries.clear();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
