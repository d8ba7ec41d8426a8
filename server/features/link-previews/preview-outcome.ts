import { z } from 'zod';
import type {
  HtmlLinkPreview,
  LinkPreview,
  LinkPreviewErrorCode,
  MediaLinkPreview,
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
// Annotated with the types above, so a field added there and not here fails to compile.

const htmlPreviewSchema: z.ZodType<HtmlLinkPreview> = z.object({
  url: z.string(),
  title: z.string(),
  siteName: z.string().nullable(),
  description: z.string().nullable(),
  mediaType: z.string(),
  contentType: z.string(),
  images: z.array(z.string()),
  // Rows cached before previews carried a proxied image have no such field: read as none.
  imageProxyUrl: z.string().nullable().default(null),
  videos: z.array(
    z.object({
      url: z.string(),
      secureUrl: z.string().nullable(),
      type: z.string().nullable(),
      width: z.string().nullable(),
      height: z.string().nullable(),
    }),
  ),
  favicons: z.array(z.string()),
  charset: z.string(),
});

const mediaPreviewSchema: z.ZodType<MediaLinkPreview> = z.object({
  url: z.string(),
  mediaType: z.enum(['image', 'audio', 'video', 'application']),
  contentType: z.string(),
  favicons: z.array(z.string()),
});

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
