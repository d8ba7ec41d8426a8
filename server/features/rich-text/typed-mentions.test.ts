import { describe, expect, it } from 'vitest';
import { POST_LINK_REL } from '../../../common/rich-text/post-schema';
import { type SanitizeOptions, sanitizePostBody } from './sanitize-post-body';

const mention = (handle: string) =>
  `<a href="/@${handle}" data-type="mention" data-id="${handle}">@${handle}</a>`;

const htmlOf = (body: string, options?: SanitizeOptions) => sanitizePostBody(body, options).html;

describe('typed mentions', () => {
  it.each([
    ['alone', '@ana', `<p>${mention('ana')}</p>`],
    ['before an exclamation mark', 'hi @ana!', `<p>hi ${mention('ana')}!</p>`],
    ['before a comma', '@ana, hi', `<p>${mention('ana')}, hi</p>`],
    ['in parentheses', '(@ana)', `<p>(${mention('ana')})</p>`],
    ['at the end of a sentence', 'ask @ana.', `<p>ask ${mention('ana')}.</p>`],
    ['after a break', '<p>hi<br>@ana</p>', `<p>hi<br>${mention('ana')}</p>`],
    ['inside a mark', '<p><strong>@ana</strong></p>', `<p><strong>${mention('ana')}</strong></p>`],
  ])('links @ana %s', (_name, body, expected) => {
    const result = sanitizePostBody(body);
    expect(result.html).toBe(expected);
    expect(result.mentionHandles).toEqual(['ana']);
  });

  it('projects a typed mention as its @handle', () => {
    expect(sanitizePostBody('hi @ana!').text).toBe('hi @ana!');
  });

  it.each([
    ['an e-mail address', 'write to ana@example.com'],
    ['an address with a dot or plus before the @', 'ana.b@example.com and ana+x@example.com'],
    ['a fediverse address', 'follow @ana@example.social'],
    ['a profile URL', 'see https://example.social/@ana'],
    ['a handle that runs on into letters no handle has', '@anaé'],
    ['a handle that is too short', '@an'],
    ['a handle that is too long', `@${'a'.repeat(31)}`],
    ['a lone @', '@ and @!'],
  ])('leaves %s alone', (_name, body) => {
    const { html, mentionHandles } = sanitizePostBody(body);
    expect(html).not.toContain('data-type="mention"');
    expect(mentionHandles).toEqual([]);
  });

  it('leaves @handles inside links, inline code and code blocks alone', () => {
    const body =
      `<p><a target="_blank" rel="${POST_LINK_REL}" href="https://example.com/">ask @ana</a> <code>@ana</code></p>` +
      '<pre><code>@Override\n@ana</code></pre>';
    const { html, mentionHandles } = sanitizePostBody(body);
    expect(html).toBe(body);
    expect(mentionHandles).toEqual([]);
  });

  it('does not link a handle whose @ follows a word across a mark, or that runs on into one', () => {
    expect(htmlOf('<p><em>x</em>@ana @an<em>a</em></p>')).toBe('<p><em>x</em>@ana @an<em>a</em></p>');
  });

  it('keeps a mention that is already an anchor exactly as it was', () => {
    const stored = `<p>hi ${mention('ana')}! and x${mention('bob')}</p>`;
    const result = sanitizePostBody(stored);
    expect(result.html).toBe(stored);
    expect(result.mentionHandles).toEqual(['ana', 'bob']);
  });

  it('lists typed mentions with the editor ones, first first, each once', () => {
    const { mentionHandles } = sanitizePostBody(`<p>@bob ${mention('ana')} @Bob @ana</p>`);
    expect(mentionHandles).toEqual(['bob', 'ana']);
  });
});

describe('typed mentions with a resolver', () => {
  const options: SanitizeOptions = {
    resolveMention: (handle) => (handle.toLowerCase() === 'ana' ? 'Ana' : null),
  };

  it("links a known handle under the account's spelling and leaves unknown ones as text", () => {
    const result = sanitizePostBody('@ANA and @nobody!', options);
    expect(result.html).toBe(`<p>${mention('Ana')} and @nobody!</p>`);
    expect(result.text).toBe('@Ana and @nobody!');
    expect(result.mentionHandles).toEqual(['Ana']);
  });

  it('gives back its own output, as post-body.ts reads a draft and then resolves it', () => {
    const body = '(@ana) @nobody, ana@example.com <code>@ana</code> #tag';
    const draft = sanitizePostBody(body);
    expect(sanitizePostBody(draft.html)).toEqual(draft);
    const resolved = sanitizePostBody(draft.html, options);
    expect(resolved.html).toBe(
      `<p>(${mention('Ana')}) @nobody, ` +
        `<a target="_blank" rel="${POST_LINK_REL}" href="mailto:ana@example.com">ana@example.com</a> <code>@ana</code> ` +
        '<a href="/tags/tag" data-type="hashtag" data-id="tag">#tag</a></p>',
    );
    expect(sanitizePostBody(resolved.html, options)).toEqual(resolved);
  });
});
