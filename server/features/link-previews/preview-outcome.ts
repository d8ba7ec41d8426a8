import { z } from 'zod';
import {
  htmlLinkPreviewSchema,
  type LinkPreview,
  type LinkPreviewErrorCode,
  mediaLinkPreviewSchema,
  previewVideoSchema,
} from '../../../common/link-previews/preview-contract';

/** What a preview request ends in; cached as is (JSON), so it holds plain data only. */
export type PreviewOutcome = PreviewSuccess | PreviewFailure;

export interface PreviewSuccess {
  ok: true;
  preview: LinkPreview;
}

export interface PreviewFailure {
  ok: false;
  code: Exclude<LinkPreviewErrorCode, 'rate_limited'>;
  /** The origin's HTTP status for upstream_status (logged, never shown). */
  status?: number;
}

/** Answers that are never cached: they say nothing about the page. */
export type PreviewRefusal =
  { ok: false; code: 'invalid_url' } | { ok: false; code: 'rate_limited'; retryAfterSeconds: number };

// --- As stored in `link_preview_cache.outcome` --------------------------------------------------
// The contract's shapes, read leniently: a field a cached row holds beyond them is dropped.

const htmlPreviewSchema = z.object({
  ...htmlLinkPreviewSchema.shape,
  // Rows cached before previews carried a proxied image have no such field: read as none.
  imageProxyUrl: htmlLinkPreviewSchema.shape.imageProxyUrl.default(null),
  videos: z.array(z.object(previewVideoSchema.shape)),
});

const mediaPreviewSchema = z.object(mediaLinkPreviewSchema.shape);

// An HTML preview has a charset and a media preview never has, so the first that fits is right.
const linkPreviewSchema: z.ZodType<LinkPreview> = z.union([htmlPreviewSchema, mediaPreviewSchema]);

const CACHED_FAILURE_CODES = [
  'invalid_url',
  'forbidden_address',
  'timeout',
  'too_many_redirects',
  'bad_redirect',
  'upstream_status',
  'too_large',
  'unsupported_content',
  'fetch_failed',
] as const satisfies readonly PreviewFailure['code'][];

export const previewOutcomeSchema: z.ZodType<PreviewOutcome> = z.union([
  z.object({ ok: z.literal(true), preview: linkPreviewSchema }),
  z.object({ ok: z.literal(false), code: z.enum(CACHED_FAILURE_CODES), status: z.number().optional() }),
]);
