import { z } from '../contracts/zod';

/**
 * A preview as the server reads it (link-preview-js's shape, so the client keeps its existing
 * checks); the proxy answers it as a `LinkPreviewAnswer`. Every URL in it is absolute http(s);
 * anything else was dropped.
 */

export const previewVideoSchema = z.strictObject({
  url: z.string(),
  secureUrl: z.string().nullable(),
  type: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
});
export type PreviewVideo = z.output<typeof previewVideoSchema>;

/** An HTML page read through its social-card tags. */
export const htmlLinkPreviewSchema = z.strictObject({
  /** The final URL, after redirects. */
  url: z.string(),
  /** Empty when the page has none; the client then rejects it (docs/spec.md#the-preview-and-its-card). */
  title: z.string(),
  siteName: z.string().nullable(),
  description: z.string().nullable(),
  /** og:type, or "website". */
  mediaType: z.string(),
  /** The MIME type without parameters, e.g. "text/html". */
  contentType: z.string(),
  images: z.array(z.string()),
  /**
   * A copy of the first usable image on our own origin (`/media/p/<token>.webp`): what a card
   * shows, so no viewer's browser contacts the page's site. Null when there is none.
   */
  imageProxyUrl: z.string().nullable(),
  videos: z.array(previewVideoSchema),
  favicons: z.array(z.string()),
  /** The character encoding the page was decoded with, e.g. "utf-8", "windows-1251". */
  charset: z.string(),
});
export type HtmlLinkPreview = z.output<typeof htmlLinkPreviewSchema>;

export const MEDIA_KINDS = ['image', 'audio', 'video', 'application'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A non-HTML answer (image, audio, video, PDF, JSON…), described from its headers only. */
export const mediaLinkPreviewSchema = z.strictObject({
  url: z.string(),
  mediaType: z.enum(MEDIA_KINDS),
  contentType: z.string(),
  favicons: z.array(z.string()),
});
export type MediaLinkPreview = z.output<typeof mediaLinkPreviewSchema>;

export type LinkPreview = HtmlLinkPreview | MediaLinkPreview;

/**
 * A page's preview as the proxy answers it: with the label a card shows as the site, so that
 * browsers need no public-suffix list (the server has one).
 */
export const htmlLinkPreviewAnswerSchema = htmlLinkPreviewSchema.extend({
  /**
   * The host without "www." and without its public suffix (www.bbc.co.uk → "bbc",
   * blog.example.com → "blog.example"); an IP address whole; "" when there is no host.
   */
  domain: z.string(),
});
export type HtmlLinkPreviewAnswer = z.output<typeof htmlLinkPreviewAnswerSchema>;

/** The body of a successful `GET /api/v1/proxy`. */
export const linkPreviewAnswerSchema = z.union([htmlLinkPreviewAnswerSchema, mediaLinkPreviewSchema]);
export type LinkPreviewAnswer = z.output<typeof linkPreviewAnswerSchema>;

/** Stable error codes of the proxy, in `{ "error": { "code", "message" } }`. */
export type LinkPreviewErrorCode =
  | 'invalid_url'
  | 'forbidden_address'
  | 'timeout'
  | 'too_many_redirects'
  | 'bad_redirect'
  | 'upstream_status'
  | 'too_large'
  | 'unsupported_content'
  | 'fetch_failed'
  | 'rate_limited';

/** The caller's id for a preview request: logged by the server, echoed nowhere. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
