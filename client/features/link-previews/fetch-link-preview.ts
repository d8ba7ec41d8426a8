import { type PreviewCard, previewCardOf } from '../../../common/link-previews/preview-card';
import { findFirstUrl } from '../../../common/link-previews/url-rules';
import { type ApiCall, api } from '../../lib/api-client';
import { PREVIEW_MESSAGES, previewErrorMessage } from './preview-messages';

/** A preview request gives up after this long (docs/spec.md#constants). */
export const LINK_PREVIEW_TIMEOUT_MS = 8000;

/** A preview or an error text, never both, never neither (docs/spec.md#the-preview-and-its-card). */
export type LinkPreviewResult = { preview: PreviewCard; error: null } | { preview: null; error: string };

export interface FetchLinkPreviewOptions {
  signal?: AbortSignal;
  /** The API client to use; the app's own unless a test points one at a server of its own. */
  request?: ApiCall;
}

/**
 * The link-preview helper (docs/spec.md#link-previews): previews the first URL in `text` through our
 * same-origin proxy. Never throws; a text without a link is "Invalid or failed URL" and costs
 * no request.
 */
export async function fetchLinkPreview(
  publicId: string,
  text: string,
  { signal, request = api }: FetchLinkPreviewOptions = {},
): Promise<LinkPreviewResult> {
  const url = findFirstUrl(text);
  if (url === null) return { preview: null, error: PREVIEW_MESSAGES.invalid };
  // A browser that knows it is offline is told so at once, not after a request that cannot start.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { preview: null, error: PREVIEW_MESSAGES.network };
  try {
    const answer = await request('linkPreviews.get', {
      query: { publicId, url },
      timeoutMs: LINK_PREVIEW_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    const preview = previewCardOf(answer);
    return preview ? { preview, error: null } : { preview: null, error: PREVIEW_MESSAGES.invalid };
  } catch (error) {
    return { preview: null, error: previewErrorMessage(error) };
  }
}
