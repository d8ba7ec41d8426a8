import type { LinkPreview, LinkPreviewErrorCode } from '../../../common/link-previews/preview-contract';

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
