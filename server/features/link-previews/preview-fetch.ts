import type { LinkPreview, MediaKind } from '../../../common/link-previews/preview-contract';
import type { SafeFetcher } from '../../platform/safe-fetch/safe-fetch';
import { buildHtmlPreview } from './preview-fields';
import type { PreviewFailure } from './preview-outcome';
import { siteRuleFor } from './site-rules';
import { TagCollector } from './tag-collector';

/** Fetching one page and reading its preview, without any cache: the unit the service caches. */

export interface ReadStats {
  wireBytes: number;
  decodedBytes: number;
}

export type PreviewFetchResult = { ok: true; preview: LinkPreview; stats: ReadStats | null } | PreviewFailure;

const MEDIA_KINDS: readonly MediaKind[] = ['image', 'audio', 'video', 'application'];

function mediaKind(mimeType: string): MediaKind | null {
  const top = mimeType.split('/')[0] ?? '';
  return MEDIA_KINDS.find((kind) => kind === top) ?? null;
}

const defaultFavicon = (url: string) => [new URL('/favicon.ico', url).href];

export async function fetchLinkPreview(fetcher: SafeFetcher, url: string): Promise<PreviewFetchResult> {
  let collector = new TagCollector();
  const result = await fetcher.fetch(url, (finalUrl) => {
    // The site rule of the page actually served (after redirects) decides which body elements to read.
    collector = new TagCollector(siteRuleFor(finalUrl)?.probes);
    return collector.sink;
  });
  if (!result.ok) return result;
  if (result.kind === 'headers-only') {
    const kind = mediaKind(result.mimeType);
    if (kind === null) return { ok: false, code: 'unsupported_content' };
    const preview: LinkPreview = {
      url: result.url,
      mediaType: kind,
      contentType: result.mimeType,
      favicons: defaultFavicon(result.url),
    };
    return { ok: true, preview, stats: null };
  }
  const tags = collector.finish();
  const preview = buildHtmlPreview(tags, {
    url: result.url,
    contentType: result.mimeType,
    charset: result.read.encoding,
  });
  // Out of room before anything usable appeared: the page is too large to preview.
  if (result.read.stop === 'limit' && preview.title === '' && preview.images.length === 0) {
    return { ok: false, code: 'too_large' };
  }
  return {
    ok: true,
    preview,
    stats: { wireBytes: result.read.wireBytes, decodedBytes: result.read.decodedBytes },
  };
}
