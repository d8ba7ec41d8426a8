import { v7 as timeOrderedUuid } from 'uuid';
import type {
  CreateReportRequest,
  Report,
  ReportGroup,
  ReportQueueResponse,
  SuspensionResponse,
} from '../../../common/contracts/safety';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/db-errors';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { AdminsService } from '../admins';
import type { AuditService } from '../audit';
import type { PostsService } from '../posts';
import { presentPublicProfile, type UsersRepository } from '../users';
import { REPORT_QUEUE_MAX_REPORTS } from './limits';
import { presentQueuedReport, presentReport } from './moderation.presenter';
import { createModerationRepository, type ReportRow } from './moderation.repository';

export interface ModerationServiceDeps {
  db: Db;
  admins: Pick<AdminsService, 'canModerate' | 'requireStaff'>;
  audit: Pick<AuditService, 'record'>;
  posts: Pick<PostsService, 'get' | 'getForReview' | 'removeAsAdmin'>;
  users: Pick<UsersRepository, 'findById'>;
  reportLimiter: RateLimiter;
  /** Closes the account's open real-time sockets on every node (never throws). */
  closeUserSockets: (userId: string) => Promise<void>;
  now?: () => number;
}

/**
 * Reports, the staff's queue, post removal and account suspension: for admins and moderators
 * (who they are: admins), each action recorded in the audit log.
 */
export function createModerationService({
  db,
  admins,
  audit,
  posts,
  users,
  reportLimiter,
  closeUserSockets,
  now = Date.now,
}: ModerationServiceDeps) {
  const repo = createModerationRepository(db);

  const requireStaff = (userId: string) => admins.requireStaff(userId);

  async function setSuspended(
    adminId: string,
    targetId: string,
    isSuspended: boolean,
  ): Promise<SuspensionResponse> {
    await requireStaff(adminId);
    if (targetId === adminId) throw errors.cannotSuspendSelf();
    const target = await users.findById(targetId);
    if (!target) throw errors.notFound('That account does not exist.');
    if (await admins.canModerate(targetId)) throw errors.cannotSuspendAdmin();
    await repo.setSuspended(targetId, isSuspended ? now() : null);
    await audit.record(adminId, {
      action: isSuspended ? 'user.suspended' : 'user.unsuspended',
      targetUserId: targetId,
    });
    // Its sessions are refused from now on; a socket opened before would keep receiving events.
    if (isSuspended) await closeUserSockets(targetId);
    return { user: presentPublicProfile(target), suspended: isSuspended };
  }

  return {
    requireStaff,

    async report(reporterId: string, postId: string, input: CreateReportRequest): Promise<Report> {
      const post = await posts.get(postId, reporterId);
      if (post.author.id === reporterId) throw errors.cannotReportOwnPost();
      const decision = await reportLimiter.consume(reporterId);
      if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
      const row: ReportRow = {
        id: timeOrderedUuid(),
        post_id: postId,
        reporter_id: reporterId,
        reason: input.reason,
        note: input.note ? input.note : null,
        status: 'open',
        created_at: now(),
        closed_at: null,
        closed_by: null,
      };
      try {
        await repo.insertReport(row);
      } catch (error) {
        // The partial unique index allows one open report per reporter and post.
        if (isUniqueViolation(error)) throw errors.alreadyReported();
        throw error;
      }
      return presentReport(row);
    },

    /** The reader's open report on a post they can see, so a second one is not even offered. */
    async myReport(reporterId: string, postId: string): Promise<Report | null> {
      await posts.get(postId, reporterId);
      const row = await repo.findOpen(postId, reporterId);
      return row ? presentReport(row) : null;
    },

    async queue(adminId: string): Promise<ReportQueueResponse> {
      await requireStaff(adminId);
      const rows = await repo.listOpen(REPORT_QUEUE_MAX_REPORTS);
      const byPost = new Map<string, typeof rows>();
      for (const row of rows) byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row]);
      const groups: ReportGroup[] = [];
      for (const [postId, reports] of byPost) {
        const post = await posts.getForReview(postId, adminId);
        if (!post) continue;
        // Offered only where it would be accepted: setSuspended refuses the staff, oneself included.
        const canSuspendAuthor = !(await admins.canModerate(post.author.id));
        groups.push({ post, reports: reports.map(presentQueuedReport), canSuspendAuthor });
      }
      return { groups };
    },

    async closeReports(adminId: string, postId: string, outcome: 'resolved' | 'dismissed') {
      await requireStaff(adminId);
      const closed = await repo.closeOpen(postId, outcome, adminId, now());
      if (closed === 0) throw errors.notFound('This post has no open reports.');
      await audit.record(adminId, {
        action: outcome === 'resolved' ? 'report.resolved' : 'report.dismissed',
        postId,
      });
      return { closed };
    },

    async removePost(adminId: string, postId: string) {
      await requireStaff(adminId);
      const author = (await posts.getForReview(postId, adminId))?.author.id;
      const removed = await posts.removeAsAdmin(postId);
      await audit.record(adminId, {
        action: 'post.removed',
        postId,
        ...(author ? { targetUserId: author } : {}),
      });
      return removed;
    },

    suspend: (adminId: string, targetId: string) => setSuspended(adminId, targetId, true),
    unsuspend: (adminId: string, targetId: string) => setSuspended(adminId, targetId, false),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
