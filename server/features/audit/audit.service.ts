import { v7 as timeOrderedUuid } from 'uuid';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditDetail,
  type AuditPage,
} from '../../../common/contracts/staff';
import { errors } from '../../errors';
import { decodeCursor, encodeCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import type { UsersRepository } from '../users';
import { createAuditRepository } from './audit.repository';

/** Who did it: a staff account, or the operator's command line (null). */
export type AuditActor = string | null;

export interface AuditRecord {
  action: AuditAction;
  targetUserId?: string;
  postId?: string;
  detail?: AuditDetail;
}

/**
 * The audit log of what admins and moderators did. Entries copy the handles of the moment, so
 * they still read right after an account changes its handle or is deleted.
 */
export function createAuditService({
  db,
  users,
  now = Date.now,
}: {
  db: Db;
  users: Pick<UsersRepository, 'findById'>;
  now?: () => number;
}) {
  const repository = createAuditRepository(db);
  const handleOf = async (userId: string | null | undefined) =>
    userId ? ((await users.findById(userId))?.handle ?? null) : null;

  return {
    async record(actorId: AuditActor, entry: AuditRecord): Promise<void> {
      await repository.append({
        id: timeOrderedUuid(),
        actor_id: actorId,
        actor_handle: await handleOf(actorId),
        action: entry.action,
        target_user_id: entry.targetUserId ?? null,
        target_handle: await handleOf(entry.targetUserId),
        target_post_id: entry.postId ?? null,
        detail: entry.detail ?? {},
        created_at: now(),
      });
    },

    async page(cursor: string | undefined): Promise<AuditPage> {
      const before = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && before === null) throw errors.invalidCursor();
      const rows = await repository.page(AUDIT_PAGE_SIZE + 1, before);
      const shown = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = shown.at(-1);
      return {
        entries: shown.map((row) => ({
          id: row.id,
          action: row.action,
          actorHandle: row.actor_handle,
          targetHandle: row.target_handle,
          postId: row.target_post_id,
          detail: row.detail,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        nextCursor:
          rows.length > AUDIT_PAGE_SIZE && last
            ? encodeCursor({ createdAt: last.created_at, id: last.id })
            : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
