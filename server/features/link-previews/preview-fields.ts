import type { HtmlLinkPreview, PreviewVideo } from '../../../common/link-previews/preview-contract';
import {
  MAX_DESCRIPTION_CHARS,
  MAX_FAVICONS,
  MAX_FIELD_URL_CHARS,
  MAX_IMAGES,
  MAX_MEDIA_TYPE_CHARS,
  MAX_SITE_NAME_CHARS,
  MAX_TITLE_CHARS,
  MAX_VIDEOS,
} from './limits';
import { siteNameOf } from './site-name';
import { siteRuleFor, type SiteFields } from './site-rules';
import type { MediaGroup, PageTags } from './tag-collector';

/**
 * Turns collected tags into preview fields: the page's site rule first (site-rules.ts), then the
 * social-card priority order, text cleaned and capped, every URL resolved (honouring
 * `<base href>`) and kept only if it is absolute http(s).
 */

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** Whitespace collapsed, trimmed, capped without splitting a surrogate pair; null when blank. */
export function cleanText(value: string | null | undefined, maxChars: number): string | null {
  if (value === null || value === undefined) return null;
  const collapsed = value.replace(/\s+/g, ' ').trim();
  if (collapsed === '') return null;
  return collapsed.length <= maxChars
    ? collapsed
    : Array.from(collapsed).slice(0, maxChars).join('').trimEnd();
}

/** An absolute http(s) URL, or null: unparsable values and other schemes are dropped. */
export function resolveUrl(value: string | null | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return WEB_PROTOCOLS.has(url.protocol) && url.href.length <= MAX_FIELD_URL_CHARS ? url.href : null;
  } catch {
    return null;
  }
}

function resolveAll(values: readonly (string | undefined)[], base: string, max: number): string[] {
  const urls = new Set<string>();
  for (const value of values) {
    const url = resolveUrl(value, base);
    if (url) urls.add(url);
    if (urls.size >= max) break;
  }
  return [...urls];
}

/** The base URL for relative references: a valid http(s) `<base href>`, else the page URL. */
function documentBase(tags: PageTags, pageUrl: string): string {
  return resolveUrl(tags.baseHref, pageUrl) ?? pageUrl;
}

function firstMeta(tags: PageTags, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = tags.metas.get(key);
    if (value !== undefined) return value;
  }
  return null;
}

/**
 * The site rule's picture, then the page's first `<video>` poster (metascraper's video rule: a
 * page leading with a video is about it), then og:images, then the fallbacks.
 */
function pickImages(tags: PageTags, base: string, site: SiteFields): string[] {
  // secure_url is preferred, but an unusable one must not hide a good og:image.
  const og = tags.ogImages.map((group) => resolveUrl(group.secureUrl, base) ?? group.url);
  const leading = [site.image ?? undefined, tags.videoPoster ?? undefined];
  const images = resolveAll([...leading, ...og], base, MAX_IMAGES);
  if (images.length > 0) return images;
  const fallbacks = [
    firstMeta(tags, ['twitter:image', 'twitter:image:src']),
    tags.imageSrc,
    tags.jsonLd.image,
    tags.firstImage,
  ];
  for (const candidate of fallbacks) {
    const url = resolveUrl(candidate, base);
    if (url) return [url];
  }
  return [];
}

function presentVideo(group: MediaGroup, base: string): PreviewVideo | null {
  const secureUrl = resolveUrl(group.secureUrl, base);
  const url = resolveUrl(group.url, base) ?? secureUrl;
  if (url === null) return null;
  return {
    url,
    secureUrl: secureUrl?.startsWith('https:') ? secureUrl : null,
    type: cleanText(group.type, MAX_MEDIA_TYPE_CHARS),
    width: cleanText(group.width, MAX_MEDIA_TYPE_CHARS),
    height: cleanText(group.height, MAX_MEDIA_TYPE_CHARS),
  };
}

function pickVideos(tags: PageTags, base: string): PreviewVideo[] {
  const videos: PreviewVideo[] = [];
  for (const group of tags.ogVideos) {
    const video = presentVideo(group, base);
    if (video && !videos.some((existing) => existing.url === video.url)) videos.push(video);
    if (videos.length >= MAX_VIDEOS) break;
  }
  return videos;
}

function pickFavicons(tags: PageTags, base: string, pageUrl: string): string[] {
  const declared = resolveAll([...tags.icons, ...tags.appleIcons], base, MAX_FAVICONS);
  return declared.length > 0 ? declared : [new URL('/favicon.ico', pageUrl).href];
}

function pickTitle(tags: PageTags, site: SiteFields): string | null {
  const fromSite = cleanText(site.title, MAX_TITLE_CHARS);
  if (fromSite) return fromSite;
  // Without any title tag, the page's first heading names it.
  const title = firstMeta(tags, ['og:title', 'twitter:title']) ?? tags.documentTitle ?? tags.bodyHeading;
  return cleanText(title, MAX_TITLE_CHARS);
}

function pickDescription(tags: PageTags, site: SiteFields): string | null {
  const fromSite = cleanText(site.description, MAX_DESCRIPTION_CHARS);
  if (fromSite) return fromSite;
  // Without any description tag, the first paragraph of the main content.
  const description =
    firstMeta(tags, ['og:description', 'twitter:description', 'description']) ?? tags.bodyParagraph;
  return cleanText(description, MAX_DESCRIPTION_CHARS);
}

export interface DocumentFacts {
  /** Final URL after redirects. */
  url: string;
  contentType: string;
  charset: string;
}

export function buildHtmlPreview(tags: PageTags, facts: DocumentFacts): HtmlLinkPreview {
  const base = documentBase(tags, facts.url);
  const site = siteRuleFor(facts.url)?.read(tags, new URL(facts.url)) ?? {};
  return {
    url: facts.url,
    title: pickTitle(tags, site) ?? '',
    siteName: cleanText(site.siteName ?? siteNameOf(tags), MAX_SITE_NAME_CHARS),
    description: pickDescription(tags, site),
    mediaType: cleanText(tags.metas.get('og:type'), MAX_MEDIA_TYPE_CHARS) ?? 'website',
    contentType: facts.contentType,
    images: pickImages(tags, base, site),
    videos: pickVideos(tags, base),
    favicons: pickFavicons(tags, base, facts.url),
    charset: facts.charset,
    // Filled in when answering: the copy's URL depends on the server's secret, not on the page.
    imageProxyUrl: null,
  };
}
