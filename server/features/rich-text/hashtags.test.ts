import { tokenSoups } from '../../test-support/token-soup';
import { describe, expect, it } from 'vitest';
import { HASHTAG_MAX_LENGTH } from '../../../common/rich-text/hashtag';
import { POST_LINK_REL } from '../../../common/rich-text/post-schema';
import { isParse5FixedPoint } from '../../test-support/post-html-checks';
import { MAX_HASHTAGS_PER_POST } from './limits';
import { type SanitizeOptions, sanitizePostBody } from './sanitize-post-body';

const hashtag = (typed: string, key = typed.toLowerCase()) =>
  `<a href="/tags/${encodeURIComponent(key)}" data-type="hashtag" data-id="${key}">#${typed}</a>`;
const link = (href: string, text: string) =>
  `<a target="_blank" rel="${POST_LINK_REL}" href="${href}">${text}</a>`;

/** The stored HTML for one paragraph of plain text. */
const htmlOf = (text: string) => sanitizePostBody(text).html;

describe('finding hashtags', () => {
  it.each([
    ['Latin with an accent', 'café'],
    ['Japanese', '日本語'],
    ['Cyrillic', 'Привет'],
    ['Arabic', 'العربية'],
    ['Devanagari, with combining marks', 'हिन्दी'],
    ['letters, digits and underscores', 'web_3_0'],
  ])('links a tag in %s', (_script, tag) => {
    const { html, text, hashtags } = sanitizePostBody(`I like #${tag} a lot`);
    expect(html).toBe(`<p>I like ${hashtag(tag)} a lot</p>`);
    expect(text).toBe(`I like #${tag} a lot`);
    expect(hashtags).toEqual([tag.toLowerCase()]);
  });

  it('links a tag at the start, after punctuation, after a break and around marks', () => {
    const { html } = sanitizePostBody('<p>#one (#two), "#three"<br>#four <strong>#five</strong></p>');
    expect(html).toBe(
      `<p>${hashtag('one')} (${hashtag('two')}), "${hashtag('three')}"<br>${hashtag('four')} <strong>${hashtag('five')}</strong></p>`,
    );
  });

  it('ends a tag at the first character that cannot be in one', () => {
    expect(htmlOf('#rust! #rust. #rust-lang #rust#go')).toBe(
      `<p>${hashtag('rust')}! ${hashtag('rust')}. ${hashtag('rust')}-lang ${hashtag('rust')}#go</p>`,
    );
  });

  it.each([
    ['a number', '#1 and #2024'],
    ['a # inside a word', 'a#b and C#'],
    ['a character reference written as text', '&#38; and &#x41;'],
    ['a fragment after a slash', 'see https://example.com/#section'],
    ['a fragment after a word', 'see https://example.com/page#section'],
    ['a lone #', '# and ## and #!'],
  ])('leaves %s alone', (_name, text) => {
    const { html, hashtags } = sanitizePostBody(text);
    expect(html).not.toContain('data-type="hashtag"');
    expect(hashtags).toEqual([]);
  });

  it(`takes a tag of ${HASHTAG_MAX_LENGTH} characters and not one character more`, () => {
    const longest = 'a'.repeat(HASHTAG_MAX_LENGTH);
    expect(htmlOf(`#${longest}`)).toBe(`<p>${hashtag(longest)}</p>`);
    // A longer run is not cut to a tag: it is no tag at all.
    expect(htmlOf(`#${longest}b`)).toBe(`<p>#${longest}b</p>`);
  });

  it('keys tags without case but shows them as typed', () => {
    const { html, hashtags } = sanitizePostBody('#Rust, #rust and #RUST; #Été and #été');
    expect(html).toBe(
      `<p>${hashtag('Rust')}, ${hashtag('rust')} and ${hashtag('RUST')}; ${hashtag('Été')} and ${hashtag('été')}</p>`,
    );
    expect(hashtags).toEqual(['rust', 'été']);
  });

  it('keys a decomposed spelling like the composed one', () => {
    const decomposed = 'cafe\u0301';
    const { html, hashtags } = sanitizePostBody(`#${decomposed}`);
    expect(html).toBe(`<p>${hashtag(decomposed, 'café')}</p>`);
    expect(hashtags).toEqual(['café']);
  });

  it(`lists at most ${MAX_HASHTAGS_PER_POST} tags, first first, and still links the rest`, () => {
    const tags = Array.from({ length: MAX_HASHTAGS_PER_POST + 3 }, (_, index) => `tag${index}`);
    const { html, hashtags } = sanitizePostBody(['#tag0', ...tags.map((tag) => `#${tag}`)].join(' '));
    expect(hashtags).toEqual(tags.slice(0, MAX_HASHTAGS_PER_POST));
    expect(html.match(/data-type="hashtag"/g)).toHaveLength(tags.length + 1);
  });

  it('lists tags in quotes and list items in reading order', () => {
    const { hashtags } = sanitizePostBody(
      '<blockquote><p>#b</p></blockquote><ul><li><p>#c <em>#a</em></p></li></ul><p>#b</p>',
    );
    expect(hashtags).toEqual(['b', 'c', 'a']);
  });
});

describe('where hashtags are not linked', () => {
  it('leaves tags inside links, inline code and code blocks as text', () => {
    const body =
      `<p>${link('https://example.com/', 'about #rust')} and <code>#[derive]</code> <code>#rust</code></p>` +
      '<pre><code>#include &lt;stdio.h&gt;\n#rust</code></pre>';
    const { html, hashtags } = sanitizePostBody(body);
    expect(html).toBe(body);
    expect(hashtags).toEqual([]);
  });

  it('does not link a tag whose # follows a word across a mark', () => {
    expect(htmlOf('<p><strong>C</strong>#rust</p>')).toBe('<p><strong>C</strong>#rust</p>');
  });

  it('does not link a tag that runs on into the next mark', () => {
    expect(htmlOf('<p>#ru<strong>st</strong></p>')).toBe('<p>#ru<strong>st</strong></p>');
  });
});

describe('stored hashtags', () => {
  it('keeps a stored hashtag exactly', () => {
    const stored = `<p>Reading about ${hashtag('Rust')} and ${hashtag('日本語')}</p>`;
    expect(htmlOf(stored)).toBe(stored);
  });

  it('rebuilds a forged hashtag anchor from its text, dropping its href and data-id', () => {
    const forged =
      '<p><a href="https://evil.example/" data-type="hashtag" data-id="evil" target="_blank">#Rust</a></p>';
    const { html, hashtags } = sanitizePostBody(forged);
    expect(html).toBe(`<p>${hashtag('Rust')}</p>`);
    expect(hashtags).toEqual(['rust']);
  });

  it('turns a hashtag anchor whose text is not a tag into that text', () => {
    expect(htmlOf('<p><a href="/tags/x" data-type="hashtag" data-id="x">click here</a></p>')).toBe(
      '<p>click here</p>',
    );
    expect(htmlOf('<p>x<a href="/tags/y" data-type="hashtag" data-id="y">#y</a></p>')).toBe('<p>x#y</p>');
  });

  it('turns a hashtag anchor inside inline code into code text', () => {
    expect(htmlOf(`<p><code>${hashtag('rust')}</code></p>`)).toBe('<p><code>#rust</code></p>');
  });

  it('ends a link where a hashtag anchor opens inside it, as a browser does', () => {
    const body = `<p><a href="https://example.com/">see ${hashtag('rust')}</a></p>`;
    expect(htmlOf(body)).toBe(`<p>${link('https://example.com/', 'see ')}${hashtag('rust')}</p>`);
  });
});

describe('idempotence with hashtags and typed mentions', () => {
  const resolver: SanitizeOptions = {
    resolveMention: (handle) => (handle.toLowerCase() === 'ana' ? 'Ana' : null),
  };
  const pieces = [
    '<p>',
    '</p>',
    '<br>',
    '<strong>',
    '</strong>',
    '<em>',
    '</em>',
    '<code>',
    '</code>',
    '<pre>',
    '</pre>',
    '<ul><li>',
    '</li></ul>',
    '<a href="https://e.example/">',
    '<a href="/tags/x" data-type="hashtag" data-id="x">',
    '<a href="/@ana" data-type="mention" data-id="ana">',
    '<a href="/@bob" data-type="mention" data-id="bob">',
    '</a>',
    '#',
    ' #Tag',
    '@',
    '&amp;',
    '&#35;',
    '/',
    '.',
    '!',
    ' ',
    '\n',
    'a',
    'ana',
    'Bob',
    '1',
    '_',
    'é',
    'e\u0301',
    '日本',
    'हि',
    '𝒜',
    '😀',
  ];

  it('gives back its own output, with and without a resolver, for thousands of token soups', () => {
    for (const input of tokenSoups(pieces, { seed: 7_301, rounds: 3_000, maxPieces: 20 })) {
      const context = JSON.stringify(input);
      for (const options of [{}, resolver]) {
        const clean = sanitizePostBody(input, options);
        expect(sanitizePostBody(clean.html, options), context).toEqual(clean);
        expect(isParse5FixedPoint(clean.html), context).toBe(true);
        expect(hashtagAnchorsNotInShape(clean.html), context).toEqual([]);
      }
    }
  });
});

/** Hashtag anchors that are not exactly what render.ts writes for their text. */
function hashtagAnchorsNotInShape(html: string): string[] {
  const anchors = html.match(/<a [^>]*data-type="hashtag"[^>]*>[^<]*<\/a>/g) ?? [];
  return anchors.filter((anchor) => {
    const tag = /#([^<]*)<\/a>$/.exec(anchor)?.[1] ?? '';
    const key = tag.normalize('NFC').toLowerCase();
    return anchor !== hashtag(tag, key);
  });
}
