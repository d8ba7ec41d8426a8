/**
 * A preview as the server reads it (link-preview-js's shape, so the client keeps its existing
 * checks); the proxy answers it as a `LinkPreviewAnswer`. Every URL in it is absolute http(s);
 * anything else was dropped.
 */

export interface PreviewVideo {
  url: string;
  secureUrl: string | null;
  type: string | null;
  width: string | null;
  height: string | null;
}

/** An HTML page read through its social-card tags. */
export interface HtmlLinkPreview {
  /** The final URL, after redirects. */
  url: string;
  /** Empty when the page has none; the client then rejects it (docs/spec.md#the-preview-and-its-card). */
  title: string;
  siteName: string | null;
  description: string | null;
  /** og:type, or "website". */
  mediaType: string;
  /** The MIME type without parameters, e.g. "text/html". */
  contentType: string;
  images: string[];
  /**
   * A copy of the first usable image on our own origin (`/media/p/<token>.webp`): what a card
   * shows, so no viewer's browser contacts the page's site. Null when there is none.
   */
  imageProxyUrl: string | null;
  videos: PreviewVideo[];
  favicons: string[];
  /** The character encoding the page was decoded with, e.g. "utf-8", "windows-1251". */
  charset: string;
}

export type MediaKind = 'image' | 'audio' | 'video' | 'application';

/** A non-HTML answer (image, audio, video, PDF, JSON…), described from its headers only. */
export interface MediaLinkPreview {
  url: string;
  mediaType: MediaKind;
  contentType: string;
  favicons: string[];
}

export type LinkPreview = HtmlLinkPreview | MediaLinkPreview;

/**
 * A page's preview as the proxy answers it: with the label a card shows as the site, so that
 * browsers need no public-suffix list (the server has one).
 */
export interface HtmlLinkPreviewAnswer extends HtmlLinkPreview {
  /**
   * The host without "www." and without its public suffix (www.bbc.co.uk → "bbc",
   * blog.example.com → "blog.example"); an IP address whole; "" when there is no host.
   */
  domain: string;
}

/** The body of a successful `GET /api/v1/proxy`. */
export type LinkPreviewAnswer = HtmlLinkPreviewAnswer | MediaLinkPreview;

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
