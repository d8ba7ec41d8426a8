import { describe, expect, it } from 'vitest';
import { POST_LINK_REL, POST_LINK_TARGET } from '../../../common/rich-text/post-schema';
import { sanitizePostBody } from './sanitize-post-body';

const link = (href: string, text: string) =>
  `<a target="${POST_LINK_TARGET}" rel="${POST_LINK_REL}" href="${href}">${text}</a>`;

const htmlOf = (body: string) => sanitizePostBody(body).html;

describe('addresses typed as text', () => {
  it.each([
    [
      'a web address',
      'read https://example.com/a?b=1 now',
      `<p>read ${link('https://example.com/a?b=1', 'https://example.com/a?b=1')} now</p>`,
    ],
    [
      'an http address',
      'old http://example.org',
      `<p>old ${link('http://example.org', 'http://example.org')}</p>`,
    ],
    [
      'a host without a scheme, to https',
      'see example.com/x',
      `<p>see ${link('https://example.com/x', 'example.com/x')}</p>`,
    ],
    [
      'an e-mail address, to mailto',
      'write ana@example.com',
      `<p>write ${link('mailto:ana@example.com', 'ana@example.com')}</p>`,
    ],
    [
      'an address ending a sentence',
      'at example.com.',
      `<p>at ${link('https://example.com', 'example.com')}.</p>`,
    ],
    [
      'an address in parentheses',
      '(https://example.com/a)',
      `<p>(${link('https://example.com/a', 'https://example.com/a')})</p>`,
    ],
    [
      'an address inside a mark',
      '<p><strong>example.com</strong></p>',
      `<p><strong>${link('https://example.com', 'example.com')}</strong></p>`,
    ],
  ])('links %s', (_name, body, expected) => {
    const result = sanitizePostBody(body);
    expect(result.html).toBe(expected);
    // Linking changes the markup only: the text, and so the length limit, stay as typed.
    expect(result.text).toBe(sanitizePostBody(body.replace(/<[^>]+>/g, '')).text);
  });

  it('links the address and the tag and mention beside it, not a tag inside the address', () => {
    expect(htmlOf('#news at https://example.com/#top by @ana')).toBe(
      '<p><a href="/tags/news" data-type="hashtag" data-id="news">#news</a> at ' +
        `${link('https://example.com/#top', 'https://example.com/#top')} by ` +
        '<a href="/@ana" data-type="mention" data-id="ana">@ana</a></p>',
    );
  });

  it.each([
    ['a scheme posts do not link', 'ftp://example.com/file and javascript:alert(1)'],
    ['a word with a dot that is no host', 'version 2.5 of file.notatld'],
    ['a fediverse address', 'follow @ana@example.social'],
    ['an address that starts mid-word across a mark', '<p><em>exam</em>ple.com</p>'],
    ['an address that runs on into a mark', '<p>example.co<em>m</em></p>'],
  ])('leaves %s alone', (_name, body) => {
    expect(htmlOf(body)).not.toContain('target=');
  });

  it('leaves addresses inside links, inline code and code blocks as they are', () => {
    const body =
      `<p>${link('https://example.org/', 'example.com')} <code>example.com</code></p>` +
      '<pre><code>see https://example.com</code></pre>';
    expect(htmlOf(body)).toBe(body);
  });

  it('reads its own output back unchanged', () => {
    const once = htmlOf('a example.com b ana@example.com c https://example.org/x#y');
    expect(htmlOf(once)).toBe(once);
  });
});
