import type { Kysely } from 'kysely';

/**
 * Web Push: each device's subscription belongs to the session that made it, so logging out (or
 * the session ending any other way) stops the device's notifications with it. The push service's
 * endpoint and keys are sealed; only the endpoint's hash is kept in the clear, to find a device
 * that subscribes again. Pushes wait in their own outbox until sent. Which kinds of notification
 * an account wants pushed: all five, unless its owner turns one off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'push_on_mention',
    'push_on_reply',
    'push_on_like',
    'push_on_repost',
    'push_on_follow',
  ]) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  }

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(64)', (col) =>
      col.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('endpoint_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('sealed_subscription', 'text', (col) => col.notNull())
    .addColumn('device', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_pushed_at', 'bigint')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('push_subscriptions_session')
    .on('push_subscriptions')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('subscription_id', 'varchar(36)', (col) =>
      col.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('sealed_payload', 'text', (col) => col.notNull())
    .addColumn('topic', 'varchar(32)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').column('next_attempt_at').execute();
  await db.schema
    .createIndex('push_outbox_subscription')
    .on('push_outbox')
    .column('subscription_id')
    .execute();
}
