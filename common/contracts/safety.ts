import { z } from './zod';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from './report-reasons';
import { INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import type { Post } from './posts';
import type { PublicProfile } from './users';

/** Accounts one person may block, and may mute: bounds the filter every read of theirs carries. */
export const MAX_BLOCKS_PER_USER = 5_000;
export const MAX_MUTES_PER_USER = 5_000;

export const userIdSchema = z.uuid({ error: 'Not an account id.' });

/** The path of `/admin/users/:id/…`. */
export const userParamsSchema = z.object({ id: userIdSchema });

/** `POST /api/v1/me/blocks` and `/me/mutes`. */
export const safetyTargetRequestSchema = z.object({ userId: userIdSchema });
export type SafetyTargetRequest = z.infer<typeof safetyTargetRequestSchema>;

export const safetyTargetParamsSchema = z.object({ userId: userIdSchema });

/** Accounts one page of `GET /me/blocks` or `/me/mutes` lists, newest first. */
export const SAFETY_LIST_PAGE_SIZE = 50;

/** `GET /api/v1/me/blocks` and `/me/mutes`: `cursor` is the previous page's `nextCursor`. */
export const safetyListQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export interface SafetyListResponse {
  users: PublicProfile[];
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: string | null;
}

export interface SafetyTargetResponse {
  user: PublicProfile;
}

/** `GET /api/v1/me/safety`: what the browser needs to know about the signed-in account. */
export interface SafetyStatusResponse {
  isAdmin: boolean;
  /** The channel to take live feed events from: `feed`, or the reader's own filtered one. */
  liveFeedChannel: string;
}

export {
  FEED_SKIPPED_EVENT,
  type FeedSkippedEvent,
  filteredFeedChannel,
  LIVE_FEED_CHANNEL_CHANGED_EVENT,
  type LiveFeedChannelChangedEvent,
} from './live-events';

// --- Reports -------------------------------------------------------------------------------------

export {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from './report-reasons';

export const createReportRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason.' }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, `Keep it under ${REPORT_NOTE_MAX_LENGTH} characters.`)
    .refine(isAcceptableText, INVALID_TEXT_MESSAGE)
    .optional(),
});
export type CreateReportRequest = z.input<typeof createReportRequestSchema>;

export interface Report {
  id: string;
  postId: string;
  reason: ReportReason;
  note: string | null;
  createdAt: string;
}

export interface ReportResponse {
  report: Report;
}

/** `GET /api/v1/posts/:id/reports/mine`: the reader's open report on the post, if any. */
export interface MyReportResponse {
  report: Report | null;
}

// --- Admin ---------------------------------------------------------------------------------------

export interface QueuedReport extends Report {
  reporter: PublicProfile;
}

/** Open reports on one post, oldest first; the post as an admin sees it. */
export interface ReportGroup {
  post: Post;
  reports: QueuedReport[];
  /** False when the author is an admin (the reader included): the server refuses to suspend them. */
  canSuspendAuthor: boolean;
}

export interface ReportQueueResponse {
  groups: ReportGroup[];
}

export const closeReportsRequestSchema = z.object({
  outcome: z.enum(['resolved', 'dismissed'], { error: 'Choose resolved or dismissed.' }),
});
export type CloseReportsRequest = z.infer<typeof closeReportsRequestSchema>;

export interface CloseReportsResponse {
  closed: number;
}

export interface SuspensionResponse {
  user: PublicProfile;
  suspended: boolean;
}
