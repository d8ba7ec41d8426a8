import type { PostLinkPreview } from '../../../common/contracts/posts';
import { previewCardOf } from '../../../common/link-previews/preview-card';
import { findFirstUrl } from '../../../common/link-previews/url-rules';
import { presentLinkPreview } from './link-previews.presenter';
import { previewCacheKey, type LinkPreviewService } from './link-previews.service';
import type { PreviewImageService } from './preview-images.service';

/** Builds the card a new post carries, from the server's own preview (never the client's fields). */
export interface PostLinkPreviews {
  /**
   * The card for `requestedUrl` if it is the body's first link (compared normalised, without
   * fragment); null otherwise, or when the page has no card. Never throws: a post is never
   * refused because of its card.
   */
  postLinkPreviewFor(userId: string, requestedUrl: string, bodyText: string): Promise<PostLinkPreview | null>;
}

export function createPostLinkPreviews(deps: {
  previews: LinkPreviewService;
  images: PreviewImageService;
  onError?: (error: unknown) => void;
}): PostLinkPreviews {
  return {
    async postLinkPreviewFor(userId, requestedUrl, bodyText) {
      const first = findFirstUrl(bodyText);
      const key = previewCacheKey(requestedUrl);
      if (first === null || key === null || previewCacheKey(first) !== key) return null;
      try {
        // Cached when the composer showed the card; otherwise one fetch under the usual limits.
        const outcome = await deps.previews.getPreview(userId, key);
        if (!outcome.ok) return null;
        const imageProxyUrl = await deps.images.proxyUrlOf(outcome.preview);
        // The same answer the composer was shown, so the card and its site label match it.
        return previewCardOf(presentLinkPreview(outcome.preview, imageProxyUrl));
      } catch (error) {
        deps.onError?.(error);
        return null;
      }
    },
  };
}
