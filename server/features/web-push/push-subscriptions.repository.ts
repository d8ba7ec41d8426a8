import { createHash, randomUUID } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS_PER_ACCOUNT } from '../../../common/contracts/web-push';
import type { Db } from '../../platform/db/database';

export interface NewPushSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  sealedSubscription: string;
  device: string;
}

export interface PushDeviceRow {
  id: string;
  session_id: string;
  device: string;
  created_at: number;
  last_pushed_at: number | null;
}

export interface DeliverableSubscription {
  id: string;
  sealedSubscription: string;
}

/** The endpoint is a capability: it is kept sealed, and looked up by its hash. */
export const endpointHashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/** The `push_subscriptions` table: each device, the session it belongs to, and where to push. */
export function createPushSubscriptionsRepository(db: Db) {
  return {
    /**
     * A device subscribing again (a new session, renewed keys) replaces its row: one endpoint is
     * one device, whoever had it before. Past PUSH_SUBSCRIPTIONS_PER_ACCOUNT the account's
     * oldest devices make way.
     */
    async upsert(subscription: NewPushSubscription, now: number): Promise<string> {
      const endpointHash = endpointHashOf(subscription.endpoint);
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('push_subscriptions').where('endpoint_hash', '=', endpointHash).execute();
        const id = randomUUID();
        await trx
          .insertInto('push_subscriptions')
          .values({
            id,
            user_id: subscription.userId,
            session_id: subscription.sessionId,
            endpoint_hash: endpointHash,
            sealed_subscription: subscription.sealedSubscription,
            device: subscription.device,
            created_at: now,
            last_pushed_at: null,
          })
          .execute();
        const surplus = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', subscription.userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(PUSH_SUBSCRIPTIONS_PER_ACCOUNT)
          .limit(1_000)
          .execute();
        if (surplus.length > 0) {
          await trx
            .deleteFrom('push_subscriptions')
            .where(
              'id',
              'in',
              surplus.map((row) => row.id),
            )
            .execute();
        }
        return id;
      });
    },

    async listForUser(userId: string): Promise<PushDeviceRow[]> {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'session_id', 'device', 'created_at', 'last_pushed_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async findForUser(userId: string, id: string): Promise<PushDeviceRow | undefined> {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'session_id', 'device', 'created_at', 'last_pushed_at'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Only the owner's: someone else's id removes nothing. */
    async deleteForUser(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Whatever the push service says is gone (404, 410): its queued pushes go with it. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    /** The devices to push to: those whose session has not expired (an ended one is deleted). */
    async deliverableFor(userId: string, now: number): Promise<DeliverableSubscription[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
        .select(['push_subscriptions.id', 'push_subscriptions.sealed_subscription'])
        .where('push_subscriptions.user_id', '=', userId)
        .where('sessions.expires_at', '>', now)
        .execute();
      return rows.map((row) => ({ id: row.id, sealedSubscription: row.sealed_subscription }));
    },

    async markPushed(id: string, now: number): Promise<void> {
      await db.updateTable('push_subscriptions').set({ last_pushed_at: now }).where('id', '=', id).execute();
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
