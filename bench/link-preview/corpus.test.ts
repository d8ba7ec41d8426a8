import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkPreview } from '../../common/link-previews/preview-contract';
import { fetchLinkPreview } from '../../server/features/link-previews/preview-fetch';
import { createSafeFetcher } from '../../server/platform/safe-fetch/safe-fetch';
import { loadCorpus, startCorpusOrigin, type CorpusField, type CorpusOrigin } from './corpus-cases';
import { scoreCase, summarize, type FieldRates } from './corpus-score';

/**
 * Every page of the public corpus (bench/link-preview/corpus) through the real fetcher and
 * extractor (server/features/link-previews), served by a local origin with each page's status,
 * type, charset and compression. Expected values are metascraper v5.57's snapshots, and we port
 * its behaviour where it is general: JSON-LD publisher first for the site name, the `<title>`
 * suffix as a last guess, the first `<video>` poster before og:image, body fallbacks near the top
 * of the body, and its site-specific rules (site-rules.ts there). What we do not port: a second
 * request (the web app manifest), third-party proxy URLs, SVG emoji as pictures, and reading the
 * whole body on every page (we stop at `</head>` when the head has everything, see
 * tag-collector.ts there). Every strict miss is listed below with its reason: a new miss fails
 * the test, and so does a listed miss that starts matching (keep the list true).
 */
const MANIFEST =
  'expected is not in the page: it is the short_name of the web app manifest the page links, which metascraper-manifest fetches with a second request; we read the page only';
const DEEP_VIDEO =
  'og:image is present; expected is the poster of a <video> far into the body, and we do not read past </head> when the head has every field';

const KNOWN_MISSES: Record<string, string> = {
  'bbc.siteName': MANIFEST,
  'hola.siteName': MANIFEST,
  'wikipedia.description':
    'no description tags; expected is a readability excerpt (a hatnote <div>), and no <main> paragraph is within the body look-ahead',
  'the-verge.image': `${DEEP_VIDEO} (37 KB past </head>)`,
  'linkedin-company.image': `${DEEP_VIDEO} (55 KB past </head>)`,
  'reddit-post.image':
    "expected is metascraper-reddit's s.microlink.io proxy of og:image; we never emit third-party proxy URLs",
  'milanocittastato.image':
    'expected is an emoji SVG metascraper took from the body (first <img>); we skip SVG icons and logos',
};

/**
 * Floors at the achieved rates (59 pages). The target is 0.95 strict per field; image stays
 * below it by the two deep-video pages above, which only a full read of every page would reach.
 */
const MIN_STRICT: Record<CorpusField, number> = {
  title: 1,
  description: 0.98,
  image: 0.93,
  siteName: 0.96,
};
const MIN_LENIENT: Record<CorpusField, number> = {
  title: 1,
  description: 0.98,
  image: 0.98,
  siteName: 1,
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
