import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/database';
import { PUSH_BATCH_SIZE, PUSH_LEASE_MS } from './limits';

export interface QueuedPush {
  subscriptionId: string;
  sealedPayload: string;
  topic: string;
}

export interface DuePush extends QueuedPush {
  id: string;
  attempts: number;
  sealedSubscription: string;
}

/**
 * The `push_outbox` table: pushes waiting for their device. A row lives until it is sent or
 * given up, and goes with its subscription.
 */
export function createPushOutbox(db: Db) {
  return {
    async enqueue(pushes: readonly QueuedPush[], now: number): Promise<void> {
      if (pushes.length === 0) return;
      await db
        .insertInto('push_outbox')
        .values(
          pushes.map((push) => ({
            id: randomUUID(),
            subscription_id: push.subscriptionId,
            sealed_payload: push.sealedPayload,
            topic: push.topic,
            next_attempt_at: now,
            lease_until: null,
            created_at: now,
          })),
        )
        .execute();
    },

    /**
     * Takes up to a batch of due pushes for this node. Each is claimed by a conditional update,
     * so when nodes race for one push exactly one wins it, on SQLite and PostgreSQL alike.
     */
    async claimDue(now: number): Promise<DuePush[]> {
      const candidates = await db
        .selectFrom('push_outbox')
        .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
        .select([
          'push_outbox.id',
          'push_outbox.subscription_id',
          'push_outbox.sealed_payload',
          'push_outbox.topic',
          'push_outbox.attempts',
          'push_outbox.lease_until',
          'push_subscriptions.sealed_subscription',
        ])
        .where('push_outbox.next_attempt_at', '<=', now)
        .where((eb) =>
          eb.or([eb('push_outbox.lease_until', 'is', null), eb('push_outbox.lease_until', '<=', now)]),
        )
        .orderBy('push_outbox.next_attempt_at')
        .limit(PUSH_BATCH_SIZE)
        .execute();
      const claimed: DuePush[] = [];
      for (const row of candidates) {
        const result = await db
          .updateTable('push_outbox')
          .set({ lease_until: now + PUSH_LEASE_MS })
          .where('id', '=', row.id)
          .where((eb) =>
            row.lease_until === null
              ? eb('lease_until', 'is', null)
              : eb('lease_until', '=', row.lease_until),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue;
        claimed.push({
          id: row.id,
          subscriptionId: row.subscription_id,
          sealedPayload: row.sealed_payload,
          topic: row.topic,
          attempts: Number(row.attempts),
          sealedSubscription: row.sealed_subscription,
        });
      }
      return claimed;
    },

    /** Sent, or given up: either way it is done with. */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('push_outbox').where('id', '=', id).execute();
    },

    async scheduleRetry(id: string, attempts: number, nextAttemptAt: number): Promise<void> {
      await db
        .updateTable('push_outbox')
        .set({ attempts, next_attempt_at: nextAttemptAt, lease_until: null })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type PushOutbox = ReturnType<typeof createPushOutbox>;
