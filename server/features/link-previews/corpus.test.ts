import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadCorpus,
  startCorpusOrigin,
  type CorpusField,
  type CorpusOrigin,
} from '../../../bench/link-preview/corpus-cases';
import { scoreCase, summarize, type FieldRates } from '../../../bench/link-preview/corpus-score';
import type { LinkPreview } from '../../../common/link-previews/preview-contract';
import { createSafeFetcher } from '../../platform/safe-fetch/safe-fetch';
import { fetchLinkPreview } from './preview-fetch';

/**
 * Every page of the public corpus (bench/link-preview/corpus) through the real fetcher and
 * extractor, served by a local origin with each page's status, type, charset and compression.
 * Expected values are metascraper's snapshots. They follow og → twitter → html for most pages,
 * but come from metascraper's site-specific rules, JSON-LD-first publisher and body heuristics
 * for others; those pages cannot match a social-card engine with the required priority order.
 * Every strict miss is listed below with its reason: a new miss fails the test, and so does a
 * listed miss that starts matching (keep the list true).
 */
const SITE_RULE = "expected comes from one of metascraper's site-specific rules";
const PUBLISHER = 'og:site_name differs from the JSON-LD publisher.name metascraper puts first';
const TITLE_SUFFIX = 'no og:site_name or JSON-LD publisher; expected is a guess from the <title> suffix';
const VIDEO_POSTER = "og:image is present; expected is a video poster from metascraper's video rules";

const KNOWN_MISSES: Record<string, string> = {
  'softwarefordays.title':
    'the page has an empty <title> and no og/twitter title; expected comes from body text',
  'softwarefordays.description': 'meta description is empty; expected comes from body text',
  'x-profile-og.title': SITE_RULE,
  'amazon-com-product.title': SITE_RULE,
  'tiktok-video.title': SITE_RULE,
  'reddit-post.title': SITE_RULE,
  'imdb-title.title': SITE_RULE,
  'torcedores.title':
    'og:title has an unescaped quote, so HTML parsing cuts it (browsers too); expected from a site rule',
  'wikipedia.description': 'no description tags; expected is a readability excerpt of the article',
  'reddit-post.description': SITE_RULE,
  'imdb-title.description': SITE_RULE,
  'the-verge.image': VIDEO_POSTER,
  'learnnode.image': VIDEO_POSTER,
  'linkedin-company.image': VIDEO_POSTER,
  'youtube-video.image': `${SITE_RULE} (rewrites i.ytimg.com to img.youtube.com)`,
  'x-post-og.image': `${SITE_RULE} (rewrites the 200x200 avatar to 400x400)`,
  'x-profile-og.image': `${SITE_RULE} (rewrites the 200x200 avatar to 400x400)`,
  'reddit-post.image': `${SITE_RULE} (a microlink.io proxy URL)`,
  'amazon-com-product.image': `${SITE_RULE}; our first sensible <img> is an ad banner`,
  'milanocittastato.image': 'expected is an emoji SVG metascraper took from the body; we skip SVG icons',
  'belfusto.image': 'expected is empty (no card image); our <img> fallback finds a banner',
  ...Object.fromEntries(
    ['bbc', 'npr', 'wsj', 'bloomberg', 'globenewswire', 'medium', 'hola', 'bluesky-post'].map((id) => [
      `${id}.siteName`,
      PUBLISHER,
    ]),
  ),
  ...Object.fromEntries(
    ['twitter-gif', 'twitter-image', 'x-post-og', 'x-profile-og', 'amazon-com-product'].map((id) => [
      `${id}.siteName`,
      SITE_RULE,
    ]),
  ),
  ...Object.fromEntries(
    ['pr-newswire', 'astier', 'smitten-kitchen', 'wikipedia', 'transistor', 'linkedin-company'].map((id) => [
      `${id}.siteName`,
      TITLE_SUFFIX,
    ]),
  ),
  'substack.siteName':
    'the only publisher name is JSON-LD at the end of the page; we stop reading at </head>',
};

/**
 * Floors implied by the list above (59 pages). The target (0.95 strict per field) is not
 * reachable with the required og → twitter → html order; lenient (any og/twitter/html variant)
 * reaches it for title and description.
 */
const MIN_STRICT: Record<CorpusField, number> = {
  title: 0.88,
  description: 0.93,
  image: 0.83,
  siteName: 0.66,
};
const MIN_LENIENT: Record<CorpusField, number> = {
  title: 0.98,
  description: 0.96,
  image: 0.94,
  siteName: 0.86,
};

const ORIGIN_HOST = '127.0.0.2';
const cases = loadCorpus();
let corpus: CorpusOrigin;
let rates: FieldRates;
const failures: string[] = [];

function fieldsOf(preview: LinkPreview) {
  if (!('title' in preview)) return { title: null, description: null, image: null, siteName: null };
  return {
    title: preview.title,
    description: preview.description,
    image: preview.images[0] ?? null,
    siteName: preview.siteName,
  };
}

beforeAll(async () => {
  corpus = await startCorpusOrigin(ORIGIN_HOST, cases);
  // Each page keeps its real host name; every name resolves to the local origin only.
  const fetcher = createSafeFetcher({
    allowedPrivateAddresses: [ORIGIN_HOST],
    resolveHost: async () => [{ address: ORIGIN_HOST, family: 4 }],
  });
  const scores = [];
  for (const entry of cases) {
    const result = await fetchLinkPreview(fetcher, corpus.urlFor(entry));
    if (!result.ok) failures.push(`${entry.id}: ${result.code}`);
    else scores.push({ id: entry.id, fields: scoreCase(entry, fieldsOf(result.preview)) });
  }
  rates = summarize(scores);
});
afterAll(() => corpus.origin.close());

describe('link-preview corpus (59 real pages)', () => {
  it('previews every page', () => {
    expect(failures).toEqual([]);
    expect(cases).toHaveLength(59);
  });

  it('misses exactly the documented fields, each for a known reason', () => {
    const misses = rates.misses.map((miss) => `${miss.id}.${miss.field}`).sort();
    const unexplained = rates.misses.filter((miss) => !KNOWN_MISSES[`${miss.id}.${miss.field}`]);
    const detail = unexplained.map(
      (m) => `${m.id}.${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`,
    );
    expect(detail, 'new misses').toEqual([]);
    expect(misses, 'listed misses that now match').toEqual(Object.keys(KNOWN_MISSES).sort());
  });

  it.each(['title', 'description', 'image', 'siteName'] as const)(
    'keeps %s accuracy at its floor',
    (field) => {
      expect(rates.strict[field]).toBeGreaterThanOrEqual(MIN_STRICT[field]);
      expect(rates.lenient[field]).toBeGreaterThanOrEqual(MIN_LENIENT[field]);
    },
  );
});
