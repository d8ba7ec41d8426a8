import { parse } from 'tldts';
import type { BodyProbe } from './body-probes';
import type { PageTags } from './tag-collector';

/**
 * Site-specific rules, ported from metascraper's site packages (metascraper-x, -youtube,
 * -amazon, -tiktok, -reddit, -imdb, -uol, -bluesky). Each is keyed by registrable domain and
 * gives the fields it knows better than the page's tags; a field it leaves undefined (or null)
 * goes through the generic og → twitter → html chain. Rules that need body elements declare
 * probes, which only that site's pages pay for.
 */

export interface SiteFields {
  title?: string | null;
  description?: string | null;
  image?: string | null;
  siteName?: string | null;
}

export interface SiteRule {
  probes?: readonly BodyProbe[];
  read(tags: PageTags, url: URL): SiteFields;
}

const firstOgImage = (tags: PageTags) => tags.ogImages[0]?.url ?? null;
const firstPathSegment = (url: URL) => url.pathname.split('/')[1] ?? '';

/** "Name (@handle) on X: …" / "Name on TikTok" → "Name". */
function authorName(ogTitle: string | undefined, ...cuts: string[]): string | null {
  let name = ogTitle ?? '';
  for (const cut of cuts) name = name.split(cut)[0] ?? '';
  return name.trim() === '' ? null : name.trim();
}

// X: the handle as the URL writes it (og:title has its display case), and 400px avatars, not 200px.
const x: SiteRule = {
  read(tags, url) {
    const handle = firstPathSegment(url);
    const name = authorName(tags.metas.get('og:title'), ' on X:', ' (@');
    const image = firstOgImage(tags)?.replace(/_200x200\.jpg$/, '_400x400.jpg') ?? null;
    if (handle === '') return { image, siteName: 'X' };
    return { title: name ? `${name} (@${handle}) on X` : `@${handle} on X`, image, siteName: 'X' };
  },
};

const YOUTUBE_THUMBNAIL = /\/vi\/([\w-]+)\/(\w+\.jpg)$/;

/** The video id of a watch, short link, embed or shorts URL. */
function youtubeVideoId(url: URL): string | null {
  const id = url.hostname.endsWith('youtu.be') ? firstPathSegment(url) : (url.searchParams.get('v') ?? '');
  if (/^[\w-]{6,}$/.test(id)) return id;
  const match = /^\/(?:embed|shorts|live)\/([\w-]{6,})/.exec(url.pathname);
  return match?.[1] ?? null;
}

// YouTube: the video id's thumbnail on img.youtube.com, at the size og:image names (else hqdefault).
const youtube: SiteRule = {
  read(tags, url) {
    const id = youtubeVideoId(url);
    if (id === null) return { siteName: 'YouTube' };
    // metascraper probes which sizes exist; one fetch per preview cannot, and hqdefault always does.
    const size = YOUTUBE_THUMBNAIL.exec(firstOgImage(tags) ?? '')?.[2] ?? 'hqdefault.jpg';
    return { image: `https://img.youtube.com/vi/${id}/${size}`, siteName: 'YouTube' };
  },
};

// Amazon: product title and picture from the body; <title> is a keyword list, the first <img> an ad.
const amazon: SiteRule = {
  probes: [
    { key: 'title', id: 'productTitle' },
    { key: 'image', className: 'a-dynamic-image', attributes: ['data-old-hires', 'src'] },
  ],
  read: (tags) => ({
    title: tags.probes.get('title') ?? null,
    image: tags.probes.get('image') ?? null,
    siteName: 'Amazon',
  }),
};

// TikTok: og:title drops the handle ("IlloJuan on TikTok"); the URL has it.
const tiktok: SiteRule = {
  read(tags, url) {
    const name = authorName(tags.metas.get('og:title'), ' on TikTok', ' (@', ' | TikTok');
    const handle = /^\/@([^/]+)/.exec(url.pathname)?.[1];
    const title = name && handle ? `${name} (@${handle}) on TikTok` : name;
    return { title, siteName: 'TikTok' };
  },
};

// Reddit: the post's own <title> and meta description, not the generic og:title / og:description.
const reddit: SiteRule = {
  read: (tags) => ({
    title: tags.documentTitle,
    description: tags.metas.get('description') ?? null,
    siteName: 'Reddit',
  }),
};

// IMDb: the JSON-LD name and the plot, not og tags padded with rating and runtime ("⭐ 7.8 | Comedy").
const imdb: SiteRule = {
  read: (tags) => ({
    title: tags.jsonLd.name,
    description: tags.metas.get('description') ?? tags.jsonLd.description,
    siteName: 'IMDb',
  }),
};

// UOL sites: the JSON-LD headline, as their og:title is often cut short by an unescaped quote.
const uol: SiteRule = {
  read: (tags) => ({
    title: tags.jsonLd.headline ?? tags.jsonLd.name ?? tags.documentTitle,
    description: tags.jsonLd.description,
  }),
};

// Bluesky: og:site_name says "Bluesky Social"; the service is "Bluesky".
const bluesky: SiteRule = { read: () => ({ siteName: 'Bluesky' }) };

const RULES: ReadonlyMap<string, SiteRule> = new Map([
  ['x.com', x],
  ['twitter.com', x],
  ['youtube.com', youtube],
  ['youtu.be', youtube],
  ['tiktok.com', tiktok],
  ['reddit.com', reddit],
  ['imdb.com', imdb],
  ['uol.com.br', uol],
  ['torcedores.com', uol],
  ['bsky.app', bluesky],
]);

/** The rule for a page's registrable domain; Amazon's storefronts share one (amazon.*). */
export function siteRuleFor(pageUrl: string): SiteRule | null {
  const { domain, domainWithoutSuffix } = parse(pageUrl);
  if (domain === null) return null;
  if (domainWithoutSuffix === 'amazon') return amazon;
  return RULES.get(domain) ?? null;
}
