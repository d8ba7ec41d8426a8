import { describe, expect, it } from 'vitest';
import { hashtagsIn } from './hashtags-in-html';

const tag = (key: string, text = key) =>
  `<a href="/tags/${encodeURIComponent(key)}" data-type="hashtag" data-id="${key}">#${text}</a>`;

describe('hashtagsIn', () => {
  it('reads the key of every hashtag link, once each, in order', () => {
    const html = `<p>On ${tag('rust', 'Rust')} and ${tag('wasm')}, again ${tag('rust', 'RUST')}</p>`;
    expect(hashtagsIn(html)).toEqual(['rust', 'wasm']);
  });

  it('keeps letters of any script, as keys (lower case)', () => {
    expect(hashtagsIn(`<p>${tag('café')} ${tag('日本語')} ${tag('Ωmega')}</p>`)).toEqual([
      'café',
      '日本語',
      'ωmega',
    ]);
  });

  it('takes the attributes in any order', () => {
    expect(hashtagsIn('<a data-id="news" data-type="hashtag" href="/tags/news">#news</a>')).toEqual(['news']);
  });

  it('ignores mentions, plain links and text that only looks like a tag', () => {
    const html = [
      '<p><a href="/@ana" data-type="mention" data-id="ana">@ana</a>',
      '<a href="https://example.com/tags/rust" rel="nofollow">#rust</a>',
      '#plain data-type=&quot;hashtag&quot; data-id=&quot;fake&quot;',
      '<a href="/x" data-type="hashtags" data-id="near">x</a></p>',
    ].join(' ');
    expect(hashtagsIn(html)).toEqual([]);
  });

  it('ignores a hashtag link whose id is not a tag', () => {
    expect(hashtagsIn('<a href="/tags/1" data-type="hashtag" data-id="123">#123</a>')).toEqual([]);
    expect(hashtagsIn('<a href="/tags/" data-type="hashtag" data-id="">#</a>')).toEqual([]);
    expect(hashtagsIn('<a data-type="hashtag">#x</a>')).toEqual([]);
  });

  it('finds nothing in a body without links', () => {
    expect(hashtagsIn('<p>Hello, world</p>')).toEqual([]);
  });
});
