import type { PostLinkPreview } from '../contracts/posts';
import type { LinkPreviewAnswer } from './preview-contract';

/**
 * The card a preview becomes (docs/spec.md#the-preview-and-its-card), the same in the composer
 * and on a published post: no title, no images or a JSON answer → no card; the title falls back
 * to the domain when it is blank; the image is the same-origin copy of the first image, never
 * the page's own URL.
 */
export type PreviewCard = PostLinkPreview;

const JSON_TYPE = 'application/json';

export function previewCardOf(preview: LinkPreviewAnswer): PreviewCard | null {
  if (!('title' in preview)) return null;
  if (!preview.title || preview.images.length === 0) return null;
  if (preview.mediaType === JSON_TYPE || preview.contentType === JSON_TYPE) return null;
  // The server labels the site: its public-suffix list stays out of the browser.
  const { domain } = preview;
  return {
    title: preview.title.trim() || domain,
    description: preview.description ?? '',
    image: preview.imageProxyUrl,
    url: preview.url,
    domain,
  };
}
