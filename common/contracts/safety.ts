import { staffRoleSchema } from './staff';
import { z } from './zod';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from './report-reasons';
import { INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import { postSchema } from './posts';
import { publicProfileSchema } from './users';

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

export const safetyListResponseSchema = z.strictObject({
  users: z.array(publicProfileSchema),
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: z.string().nullable(),
});
export type SafetyListResponse = z.output<typeof safetyListResponseSchema>;

export const safetyTargetResponseSchema = z.strictObject({ user: publicProfileSchema });
export type SafetyTargetResponse = z.output<typeof safetyTargetResponseSchema>;

/** `GET /api/v1/me/safety`: what the browser needs to know about the signed-in account. */
export const safetyStatusResponseSchema = z.strictObject({
  isAdmin: z.boolean(),
  /** Admin or moderator (reports, suspensions, the user list); null for everyone else. */
  staffRole: staffRoleSchema.nullable(),
  /** The channel to take live feed events from: `feed`, or the reader's own filtered one. */
  liveFeedChannel: z.string(),
});
export type SafetyStatusResponse = z.output<typeof safetyStatusResponseSchema>;

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

export const reportSchema = z.strictObject({
  id: z.string(),
  postId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.output<typeof reportSchema>;

export const reportResponseSchema = z.strictObject({ report: reportSchema });
export type ReportResponse = z.output<typeof reportResponseSchema>;

/** `GET /api/v1/posts/:id/reports/mine`: the reader's open report on the post, if any. */
export const myReportResponseSchema = z.strictObject({ report: reportSchema.nullable() });
export type MyReportResponse = z.output<typeof myReportResponseSchema>;

// --- Admin ---------------------------------------------------------------------------------------

export const queuedReportSchema = reportSchema.extend({ reporter: publicProfileSchema });
export type QueuedReport = z.output<typeof queuedReportSchema>;

/** Open reports on one post, oldest first; the post as an admin sees it. */
export const reportGroupSchema = z.strictObject({
  post: postSchema,
  reports: z.array(queuedReportSchema),
  /** False when the author is an admin (the reader included): the server refuses to suspend them. */
  canSuspendAuthor: z.boolean(),
});
export type ReportGroup = z.output<typeof reportGroupSchema>;

export const reportQueueResponseSchema = z.strictObject({ groups: z.array(reportGroupSchema) });
export type ReportQueueResponse = z.output<typeof reportQueueResponseSchema>;

export const closeReportsRequestSchema = z.object({
  outcome: z.enum(['resolved', 'dismissed'], { error: 'Choose resolved or dismissed.' }),
});
export type CloseReportsRequest = z.infer<typeof closeReportsRequestSchema>;

export const closeReportsResponseSchema = z.strictObject({ closed: z.number() });
export type CloseReportsResponse = z.output<typeof closeReportsResponseSchema>;

export const suspensionResponseSchema = z.strictObject({
  user: publicProfileSchema,
  suspended: z.boolean(),
});
export type SuspensionResponse = z.output<typeof suspensionResponseSchema>;
