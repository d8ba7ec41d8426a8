import { tokenSoups } from '../../test-support/token-soup';
import { describe, expect, it } from 'vitest';
import { hostileBodies } from '../../../common/rich-text/hostile-bodies.fixture';
import { POST_LINK_REL } from '../../../common/rich-text/post-schema';
import { isParse5FixedPoint, storedHtmlProblems } from '../../test-support/post-html-checks';
import { MAX_POST_NESTING_DEPTH } from './pre-clean';
import { sanitizePostBody } from './sanitize-post-body';

const BEACON = 'http://127.0.0.1:9/beacon';
const link = (href: string, text: string) =>
  `<a target="_blank" rel="${POST_LINK_REL}" href="${href}">${text}</a>`;
const mention = (handle: string) =>
  `<a href="/@${handle}" data-type="mention" data-id="${handle}">@${handle}</a>`;

describe('what the editor writes', () => {
  const editorHtml = [
    '<p>Plain, <strong>bold</strong>, <em>italic</em>, <s>struck</s>, <code>a &lt; b</code><br>next line</p>',
    '<pre><code class="language-ts">const a = 1 &amp;&amp; 2;\n  indented</code></pre>',
    '<pre><code>no language</code></pre>',
    '<ul><li><p>one</p></li><li><p>two</p><ul><li><p>nested</p></li></ul></li></ul>',
    '<ol start="3" type="a"><li><p>third</p></li></ol>',
    '<ol><li><p>first</p></li></ol>',
    '<blockquote><p>quoted</p><p>twice</p></blockquote>',
    `<p>${link('https://example.com/a?b=1&amp;c=2#d', 'a link')} and ${link('mailto:ana@example.com', 'mail')}</p>`,
    `<p>Hi ${mention('alice')}, meet ${mention('bo_b')}!</p>`,
    '<p><strong><em>both</em></strong> <strong>' +
      link('http://example.org/x', 'bold link') +
      '</strong></p>',
    '<p></p><p>empty paragraph above is kept between content</p><p></p><p>end</p>',
    '<p>a&nbsp;b "quotes" \'single\' &amp; é 😀</p>',
  ];

  it.each(editorHtml)('keeps %s exactly', (html) => {
    const keptMiddle = html.startsWith('<p></p>') ? html.slice('<p></p>'.length) : html;
    expect(sanitizePostBody(html).html).toBe(keptMiddle);
  });

  it('projects text as TipTap getText() does: blocks apart by a blank line, breaks as newlines', () => {
    const { text } = sanitizePostBody(
      `<p>one<br>two</p><ul><li><p>item</p></li></ul><blockquote><p>quote</p></blockquote><pre><code>x &lt; y</code></pre><p>${mention('alice')} &amp; co</p>`,
    );
    expect(text).toBe('one\ntwo\n\nitem\n\nquote\n\nx < y\n\n@alice & co');
  });

  it('drops blank paragraphs before and after the text', () => {
    expect(sanitizePostBody('<p></p><p> </p><p>hi</p><p><br></p><p></p>').html).toBe('<p>hi</p>');
  });
});

describe('plain text', () => {
  it('escapes it and turns blank lines into paragraphs and newlines into breaks', () => {
    const result = sanitizePostBody('  Dear <3 & co,\r\nline two\n\n\n  second para \n');
    expect(result.html).toBe('<p>Dear &lt;3 &amp; co,<br>line two</p><p>second para</p>');
    expect(result.text).toBe('Dear <3 & co,\nline two\n\nsecond para');
  });

  it('keeps entity-looking text as text', () => {
    expect(sanitizePostBody('AT&amp;T 1 < 2').text).toBe('AT&amp;T 1 < 2');
  });
});

describe('links', () => {
  it('keeps http, https and mailto links and forces rel and target', () => {
    const { html } = sanitizePostBody(
      '<p><a href="HTTPS://Example.com/x" rel="opener" target="_self" title="t" class="c" id="i">x</a></p>',
    );
    expect(html).toBe(`<p>${link('HTTPS://Example.com/x', 'x')}</p>`);
  });

  it.each([
    '/relative',
    '//example.com/protocol-relative',
    'example.com',
    '#top',
    'ftp://example.com/',
    'tel:123',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://exa\u0001mple.com/',
    '',
  ])('turns a link to %j into its text', (href) => {
    expect(sanitizePostBody(`<p>a <a href="${href}">b</a> c</p>`).html).toBe('<p>a b c</p>');
  });

  it('strips tab and newline inside an http link as the URL parser would', () => {
    expect(sanitizePostBody('<p><a href="https://exa\tmple.com/\n">x</a></p>').html).toBe(
      `<p>${link('https://example.com/', 'x')}</p>`,
    );
  });

  it('never nests links: a link opening inside another ends the first, as in a browser', () => {
    const { html } = sanitizePostBody(
      '<p><a href="https://a.example/">outer <a href="https://b.example/">inner</a></a></p>',
    );
    expect(html).toBe(`<p>${link('https://a.example/', 'outer ')}${link('https://b.example/', 'inner')}</p>`);
  });
});

describe('mentions', () => {
  it('rebuilds a mention to its exact shape, whatever it carried', () => {
    const { html, mentionHandles } = sanitizePostBody(
      '<p><a href="https://evil.example/" data-type="mention" data-id="alice" data-label="Evil" target="_blank" class="x">@someone else</a></p>',
    );
    expect(html).toBe(`<p>${mention('alice')}</p>`);
    expect(mentionHandles).toEqual(['alice']);
  });

  it('lists each mentioned handle once, first mention first, ignoring case', () => {
    const body = `<p>${mention('bob')} ${mention('alice')} ${mention('Bob')}</p>`;
    expect(sanitizePostBody(body).mentionHandles).toEqual(['bob', 'alice']);
  });

  it('resolves handles to the account spelling, and unknown ones to plain text', () => {
    const body = `<p>${mention('ALICE')} and ${mention('nobody')}</p>`;
    const resolved = sanitizePostBody(body, {
      resolveMention: (handle) => (handle.toLowerCase() === 'alice' ? 'Alice' : null),
    });
    expect(resolved.html).toBe(`<p>${mention('Alice')} and @nobody</p>`);
    expect(resolved.text).toBe('@Alice and @nobody');
    expect(resolved.mentionHandles).toEqual(['Alice']);
  });

  it('treats a mention with an impossible handle as text', () => {
    for (const id of ['a', 'x'.repeat(31), 'bad-handle', 'a b', '']) {
      const { html } = sanitizePostBody(`<p><a href="/@x" data-type="mention" data-id="${id}">@x</a></p>`);
      expect(html).toBe('<p>@x</p>');
    }
  });
});

describe('the content model', () => {
  it.each([
    [
      'top-level text',
      'hello <b>bold</b> <i>it</i> <del>gone</del>',
      '<p>hello <strong>bold</strong> <em>it</em> <s>gone</s></p>',
    ],
    [
      'list items without paragraphs',
      '<ul><li>a</li>stray<li></li></ul>',
      '<ul><li><p>a</p></li><li><p>stray</p></li><li><p></p></li></ul>',
    ],
    [
      'an item that starts with a list',
      '<ul><li><ul><li>x</li></ul></li></ul>',
      '<ul><li><p></p><ul><li><p>x</p></li></ul></li></ul>',
    ],
    [
      'marks inside a code block',
      '<pre><code class="language-js">a<strong>b</strong><br>c</code></pre>',
      '<pre><code class="language-js">ab\nc</code></pre>',
    ],
    ['marks inside inline code', '<p><code>a<em>b</em></code></p>', '<p><code>ab</code></p>'],
    ['a paragraph inside a mark', '<strong><p>a</p></strong>', '<p><strong>a</strong></p>'],
    [
      'empty lists, quotes and marks',
      '<ul></ul><blockquote></blockquote><p><strong></strong>x</p>',
      '<p>x</p>',
    ],
    [
      'an ol start of 1 and unknown types',
      '<ol start="1" type="1"><li>a</li></ol><ol start="x" type="disc"><li>b</li></ol>',
      '<ol><li><p>a</p></li></ol><ol><li><p>b</p></li></ol>',
    ],
    [
      'a bad code language',
      '<pre><code class="language-JS other">x</code></pre>',
      '<pre><code>x</code></pre>',
    ],
    ['whitespace between blocks', '<p>a</p>\n  <p>b</p>\n', '<p>a</p><p>b</p>'],
  ])('fits %s into the schema', (_name, input, expected) => {
    expect(sanitizePostBody(input).html).toBe(expected);
  });

  it('removes characters a parser would drop or rewrite', () => {
    const { html } = sanitizePostBody('<p>a\u0000b\r\nc\u0007d\uFEFFe\uD800f</p>');
    expect(html).toBe('<p>ab\ncdef</p>');
  });

  it(`flattens nesting deeper than ${MAX_POST_NESTING_DEPTH} levels but keeps the text`, () => {
    const depth = MAX_POST_NESTING_DEPTH * 4;
    const { html, text } = sanitizePostBody(
      `${'<blockquote>'.repeat(depth)}deep${'</blockquote>'.repeat(depth)}`,
    );
    expect(text).toBe('deep');
    expect(html.match(/<blockquote>/g)?.length).toBeLessThanOrEqual(MAX_POST_NESTING_DEPTH);
  });
});

describe('hostile bodies', () => {
  const bodies = hostileBodies(BEACON);

  it('has a battery of at least 60 distinct bodies', () => {
    expect(bodies.length).toBeGreaterThanOrEqual(60);
    expect(new Set(bodies.map((body) => body.name)).size).toBe(bodies.length);
  });

  it.each(bodies)('$name: only the schema survives, idempotently and parse5-stable', ({ html }) => {
    const clean = sanitizePostBody(html);
    expect(storedHtmlProblems(clean.html)).toEqual([]);
    expect(clean.html).not.toContain(BEACON);
    expect(sanitizePostBody(clean.html)).toEqual(clean);
    expect(isParse5FixedPoint(clean.html)).toBe(true);
  });
});

describe('random markup', () => {
  const pieces = [
    '<p>',
    '</p>',
    '<br>',
    '<strong>',
    '</strong>',
    '<em>',
    '</em>',
    '<s>',
    '<code>',
    '</code>',
    '<pre>',
    '</pre>',
    '<blockquote>',
    '</blockquote>',
    '<ul>',
    '</ul>',
    '<ol start="2">',
    '</ol>',
    '<li>',
    '</li>',
    '<a href="https://e.example/?a=1&b">',
    '<a href="/@bob" data-type="mention" data-id="bob">',
    '</a>',
    '<a href="javascript:x">',
    'a',
    'b c',
    ' ',
    '\n',
    '\r\n',
    '\t',
    '&amp;',
    '&lt;',
    '&nbsp;',
    '\u00a0',
    '"',
    '<',
    '>',
    '&',
    '\u0000',
    '\u0001',
    '\ud800',
    '\ufeff',
    'é',
    '😀',
    '<svg>',
    '</svg>',
    '<!--',
    '-->',
    '<script>',
    '</script>',
    '<textarea>',
    '<table>',
    '<td>',
    '<img src=x>',
    '<div>',
    '</div>',
    '<![CDATA[',
    ']]>',
    '<select>',
    '<option>',
    '<math>',
    '<mtext>',
    '<style>',
    '<noscript>',
    '</noscript>',
    '<template>',
    '&#0;',
    '&#x0D;',
    '&#128;',
    '\u2028',
    '\u0085',
  ];

  it('stays inside the schema, idempotent and parse5-stable for thousands of token soups', () => {
    for (const input of tokenSoups(pieces, { seed: 20_261_121, rounds: 3_000, maxPieces: 25 })) {
      const clean = sanitizePostBody(input);
      const context = JSON.stringify(input);
      expect(storedHtmlProblems(clean.html), context).toEqual([]);
      expect(sanitizePostBody(clean.html), context).toEqual(clean);
      expect(isParse5FixedPoint(clean.html), context).toBe(true);
    }
  });
});
