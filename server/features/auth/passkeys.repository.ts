import { passkeyTransportsSchema } from '../../../common/contracts/passkeys';
import type { z } from '../../../common/contracts/zod';
import type { Db } from '../../platform/db/database';
import { readStoredJson } from '../../platform/db/stored-json';
import type { PasskeyChallengePurpose, PasskeysTable } from '../../platform/db/schema';
import { hashToken } from '../users';

export interface StoredPasskey {
  id: string;
  userId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: z.output<typeof passkeyTransportsSchema>;
  name: string;
  synced: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

function fromRow(row: PasskeysTable): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: Number(row.counter),
    transports: readStoredJson(passkeyTransportsSchema, row.transports, 'passkeys.transports'),
    name: row.name,
    synced: row.synced === 1,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

/** The `passkeys` of accounts and the `passkey_challenges` handed out for their ceremonies. */
export function createPasskeysRepository(db: Db) {
  return {
    async listFor(userId: string): Promise<StoredPasskey[]> {
      const rows = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map(fromRow);
    },
    async find(id: string): Promise<StoredPasskey | null> {
      const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : null;
    },
    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(passkey: StoredPasskey): Promise<void> {
      await db
        .insertInto('passkeys')
        .values({
          id: passkey.id,
          user_id: passkey.userId,
          public_key: Buffer.from(passkey.publicKey).toString('base64url'),
          counter: passkey.counter,
          transports: JSON.stringify(passkey.transports),
          name: passkey.name,
          synced: passkey.synced ? 1 : 0,
          created_at: passkey.createdAt,
          last_used_at: null,
        })
        .execute();
    },
    async recordUse(id: string, counter: number, synced: boolean, at: number): Promise<void> {
      await db
        .updateTable('passkeys')
        .set({ counter, synced: synced ? 1 : 0, last_used_at: at })
        .where('id', '=', id)
        .execute();
    },
    /** False when the account has no passkey of that ID: another's stays untouched. */
    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    /** Remembers a challenge until `expiresAt`; expired ones are swept on the way. */
    async rememberChallenge(
      challenge: string,
      userId: string | null,
      purpose: PasskeyChallengePurpose,
      now: number,
      ttlMs: number,
    ): Promise<void> {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
      await db
        .insertInto('passkey_challenges')
        .values({ challenge_hash: hashToken(challenge), user_id: userId, purpose, expires_at: now + ttlMs })
        .execute();
    },
    /**
     * Takes a challenge back, once: of the purpose asked, not expired. Answers the account it was
     * made for (null: none), or undefined when there is no such challenge, or it was taken already.
     */
    async takeChallenge(
      challenge: string,
      purpose: PasskeyChallengePurpose,
      now: number,
    ): Promise<{ userId: string | null } | undefined> {
      const row = await db
        .deleteFrom('passkey_challenges')
        .where('challenge_hash', '=', hashToken(challenge))
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row ? { userId: row.user_id } : undefined;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
