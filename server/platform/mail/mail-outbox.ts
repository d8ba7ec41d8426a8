import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/database';
import type { MailStatus } from '../db/schema';
import { MAIL_BATCH_SIZE, MAIL_FAILURES_LISTED, MAIL_LEASE_MS } from './limits';

export interface QueuedMail {
  kind: string;
  to: string;
  subject: string;
  sealedBody: string;
}

export interface DueMail extends QueuedMail {
  id: string;
  attempts: number;
}

export interface MailFailure {
  id: string;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  failedAt: number | null;
}

/** The `mail_outbox` table: what is waiting, what is being sent by which node, what failed. */
export function createMailOutbox(db: Db) {
  return {
    /** In the caller's transaction when it has one, so a message exists exactly when its cause does. */
    async enqueue(mail: QueuedMail, now: number, tx: Db | Tx = db): Promise<string> {
      const id = randomUUID();
      await tx
        .insertInto('mail_outbox')
        .values({
          id,
          kind: mail.kind,
          to_address: mail.to,
          subject: mail.subject,
          sealed_body: mail.sealedBody,
          status: 'pending',
          next_attempt_at: now,
          created_at: now,
        })
        .execute();
      return id;
    },

    /**
     * Takes up to a batch of due messages for this node. Each is claimed by a conditional update,
     * so when nodes race for one message exactly one wins it, on SQLite and PostgreSQL alike.
     */
    async claimDue(now: number): Promise<DueMail[]> {
      const candidates = await db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'to_address', 'subject', 'sealed_body', 'attempts', 'lease_until'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .limit(MAIL_BATCH_SIZE)
        .execute();
      const claimed: DueMail[] = [];
      for (const row of candidates) {
        const result = await db
          .updateTable('mail_outbox')
          .set({ lease_until: now + MAIL_LEASE_MS })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where((eb) =>
            row.lease_until === null
              ? eb('lease_until', 'is', null)
              : eb('lease_until', '=', row.lease_until),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1 && row.sealed_body !== null) {
          claimed.push({
            id: row.id,
            kind: row.kind,
            to: row.to_address,
            subject: row.subject,
            sealedBody: row.sealed_body,
            attempts: Number(row.attempts),
          });
        }
      }
      return claimed;
    },

    async markSent(id: string, now: number): Promise<void> {
      await finish(id, 'sent', now, null);
    },

    async markFailed(id: string, now: number, error: string): Promise<void> {
      await finish(id, 'failed', now, error);
    },

    async scheduleRetry(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ attempts, next_attempt_at: nextAttemptAt, lease_until: null, last_error: error })
        .where('id', '=', id)
        .execute();
    },

    async countByStatus(): Promise<Record<MailStatus, number>> {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute();
      const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async listFailures(): Promise<MailFailure[]> {
      const rows = await db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'kind',
          'to_address',
          'subject',
          'attempts',
          'last_error',
          'created_at',
          'finished_at',
        ])
        .where('status', '=', 'failed')
        .orderBy('finished_at', 'desc')
        .limit(MAIL_FAILURES_LISTED)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        attempts: Number(row.attempts),
        lastError: row.last_error,
        createdAt: Number(row.created_at),
        failedAt: row.finished_at === null ? null : Number(row.finished_at),
      }));
    },

    /** Forgets finished messages older than `before`; pending ones are never dropped. */
    async deleteFinishedBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('status', '!=', 'pending')
        .where('finished_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };

  async function finish(id: string, status: MailStatus, now: number, error: string | null): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status,
        finished_at: now,
        lease_until: null,
        sealed_body: null,
        attempts: eb('attempts', '+', 1),
        ...(error === null ? {} : { last_error: error }),
      }))
      .where('id', '=', id)
      .execute();
  }
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
