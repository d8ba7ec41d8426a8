import type { Db } from '../../platform/db/database';
import type { ReportsTable } from '../../platform/db/schema';

export type ReportRow = ReportsTable;
export type QueuedReportRow = ReportRow & {
  reporter_handle: string;
  reporter_display_name: string;
  reporter_created_at: number;
  reporter_locked: number;
  reporter_bio: string;
  reporter_avatar_json: string | null;
};

export function createModerationRepository(db: Db) {
  return {
    async setSuspended(userId: string, suspendedAt: number | null): Promise<void> {
      await db.updateTable('users').set({ suspended_at: suspendedAt }).where('id', '=', userId).execute();
    },

    async insertReport(row: ReportRow): Promise<void> {
      await db.insertInto('reports').values(row).execute();
    },

    /** The reporter's open report on a post, if any (at most one: a partial unique index). */
    findOpen(postId: string, reporterId: string): Promise<ReportRow | undefined> {
      return db
        .selectFrom('reports')
        .selectAll()
        .where('post_id', '=', postId)
        .where('reporter_id', '=', reporterId)
        .where('status', '=', 'open')
        .executeTakeFirst();
    },

    /** Open reports, oldest first, with who filed them. */
    listOpen(limit: number): Promise<QueuedReportRow[]> {
      return db
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .selectAll('reports')
        .select([
          'users.handle as reporter_handle',
          'users.display_name as reporter_display_name',
          'users.created_at as reporter_created_at',
          'users.locked as reporter_locked',
          'users.bio as reporter_bio',
          'users.avatar_json as reporter_avatar_json',
        ])
        .where('reports.status', '=', 'open')
        .orderBy('reports.created_at')
        .orderBy('reports.id')
        .limit(limit)
        .execute();
    },

    /** Closes every open report on a post; answers how many it closed. */
    async closeOpen(postId: string, outcome: 'resolved' | 'dismissed', adminId: string, at: number) {
      const result = await db
        .updateTable('reports')
        .set({ status: outcome, closed_at: at, closed_by: adminId })
        .where('post_id', '=', postId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
