import { type AuditDetail, auditDetailSchema } from '../../../common/contracts/staff';
import type { Db } from '../../platform/db/database';
import type { AuditLogTable } from '../../platform/db/schema';
import { readStoredJson } from '../../platform/db/stored-json';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';

export type AuditRow = Omit<AuditLogTable, 'detail'> & { detail: AuditDetail };

/** The `audit_log`: appended to, read newest first. Nothing here edits or deletes an entry. */
export function createAuditRepository(db: Db) {
  return {
    async append(row: AuditRow): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({ ...row, detail: JSON.stringify(row.detail) })
        .execute();
    },

    /** One page, newest first, older than the cursor; one row more than asked tells a next page exists. */
    async page(limit: number, before: PostCursor | null): Promise<AuditRow[]> {
      let query = db.selectFrom('audit_log').selectAll();
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        );
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        detail: readStoredJson(auditDetailSchema, row.detail, 'audit_log.detail'),
      }));
    },
  };
}
