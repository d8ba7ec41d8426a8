import type { LinkPreview } from '../../../common/link-previews/preview-contract';

/**
 * The response body, built field by field from the contract so that nothing else a cached
 * outcome may carry (older shapes, internals) reaches the client.
 */
export function presentLinkPreview(preview: LinkPreview, imageProxyUrl: string | null): LinkPreview {
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
  };
}
