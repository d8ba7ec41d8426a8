import type { QueuedReport, Report, ReportReason } from '../../../common/contracts/safety';
import { presentPublicProfile } from '../users';
import type { QueuedReportRow, ReportRow } from './moderation.repository';

export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    postId: row.post_id,
    // Only values of REPORT_REASONS are ever written (the route validates them).
    reason: row.reason as ReportReason,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentQueuedReport(row: QueuedReportRow): QueuedReport {
  return {
    ...presentReport(row),
    reporter: presentPublicProfile({
      id: row.reporter_id,
      handle: row.reporter_handle,
      display_name: row.reporter_display_name,
      bio: row.reporter_bio,
      avatar_json: row.reporter_avatar_json,
      created_at: row.reporter_created_at,
      locked: row.reporter_locked,
    }),
  };
}
