import type { LinkPreview, LinkPreviewAnswer } from '../../../common/link-previews/preview-contract';
import { previewDomain } from './preview-domain';

/**
 * The response body, built field by field from the contract so that nothing else a cached
 * outcome may carry (older shapes, internals) reaches the client. The site label is computed
 * here on every answer, never cached, so outcomes cached before it existed get it too.
 */
export function presentLinkPreview(preview: LinkPreview, imageProxyUrl: string | null): LinkPreviewAnswer {
  if (!('title' in preview)) {
    return {
      url: preview.url,
      mediaType: preview.mediaType,
      contentType: preview.contentType,
      favicons: [...preview.favicons],
    };
  }
  return {
    url: preview.url,
    title: preview.title,
    siteName: preview.siteName,
    description: preview.description,
    mediaType: preview.mediaType,
    contentType: preview.contentType,
    images: [...preview.images],
    imageProxyUrl,
    videos: preview.videos.map(({ url, secureUrl, type, width, height }) => ({
      url,
      secureUrl,
      type,
      width,
      height,
    })),
    favicons: [...preview.favicons],
    charset: preview.charset,
    domain: previewDomain(preview.url),
  };
}
