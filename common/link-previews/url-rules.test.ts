import { describe, expect, it } from 'vitest';
import {
  MAX_PREVIEW_URL_LENGTH,
  findFirstUrl,
  findFirstUrlMatch,
  isValidUrl,
  normalizeUrl,
} from './url-rules';

describe('normalizeUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['www.example.com/path?q=1', 'https://www.example.com/path?q=1'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['http://example.com/a', 'http://example.com/a'],
    ['HTTPS://Example.COM/A', 'https://example.com/A'],
    ['  https://example.com/a  ', 'https://example.com/a'],
  ])('adds https:// only when there is no scheme: %s', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it.each(['.', ',', ';', '!', '?', '?!.', '...'])('removes trailing "%s"', (punctuation) => {
    expect(normalizeUrl(`https://example.com/page${punctuation}`)).toBe('https://example.com/page');
  });

  it('keeps punctuation inside the URL', () => {
    expect(normalizeUrl('https://example.com/a.b,c;d!e?f=1')).toBe('https://example.com/a.b,c;d!e?f=1');
  });

  it('turns a host with a trailing dot left after stripping into a valid URL', () => {
    expect(normalizeUrl('example.com.')).toBe('https://example.com/');
  });

  it.each([
    '',
    '   ',
    'localhost',
    'localhost:3000',
    'https://localhost/',
    'https://com/',
    'https://example..com/',
    'https://.example.com/',
    'http://[::1]/',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'gopher://example.com/',
    'mailto:someone@example.com',
    'https://exa mple.com/',
  ])('refuses %j', (input) => {
    expect(normalizeUrl(input)).toBeNull();
  });

  it('refuses URLs longer than the limit', () => {
    const longPath = 'a'.repeat(MAX_PREVIEW_URL_LENGTH);
    expect(normalizeUrl(`https://example.com/${longPath}`)).toBeNull();
    expect(normalizeUrl(`https://example.com/${'a'.repeat(100)}`)).not.toBeNull();
  });

  it('is idempotent', () => {
    for (const input of ['example.com/x.', 'HTTP://A.B.C/d?e#f', 'example.com:8080']) {
      const once = normalizeUrl(input);
      expect(once).not.toBeNull();
      expect(normalizeUrl(once ?? '')).toBe(once);
    }
  });
});

describe('isValidUrl', () => {
  it.each([
    ['https://example.com/', true],
    ['http://a.b/', true],
    ['http://127.0.0.1/', true],
    ['https://example/', false],
    ['https://example.com./', false],
    ['example.com', false],
    ['ftp://example.com/', false],
    ['not a url', false],
  ])('%s → %s', (url, valid) => {
    expect(isValidUrl(url)).toBe(valid);
  });
});

describe('findFirstUrl', () => {
  it.each<[string, string, string | null]>([
    ['a bare host', 'visit example.com', 'https://example.com'],
    ['a host with www.', 'see www.example.com today', 'https://www.example.com'],
    ['an https URL', 'read https://example.com/a/b', 'https://example.com/a/b'],
    ['an http URL', 'old http://example.com/', 'http://example.com/'],
    ['an uppercase scheme and host', 'LOOK HTTPS://EXAMPLE.COM/Path', 'HTTPS://EXAMPLE.COM/Path'],
    ['an uppercase bare host', 'go to EXAMPLE.ORG now', 'https://EXAMPLE.ORG'],
    ['a sub-domain', 'docs at blog.example.co.uk/post', 'https://blog.example.co.uk/post'],
    ['the start of the text', 'example.com is up', 'https://example.com'],
    ['a trailing full stop', 'I like example.com.', 'https://example.com'],
    ['a trailing comma', 'example.com/a, then', 'https://example.com/a'],
    ['a trailing semicolon', 'see example.com/x;', 'https://example.com/x'],
    ['a trailing exclamation mark', 'wow example.com/y!', 'https://example.com/y'],
    ['a trailing question mark', 'seen example.com/z?', 'https://example.com/z'],
    ['several trailing marks', 'really example.com/z?!...', 'https://example.com/z'],
    ['punctuation inside the path', 'at example.com/a.b,c;d!e/f', 'https://example.com/a.b,c;d!e/f'],
    ['a query string', 'search example.com/s?q=cats&page=2', 'https://example.com/s?q=cats&page=2'],
    ['a query string right after the host', 'try example.com?q=1', 'https://example.com?q=1'],
    ['a query string ending a sentence', 'try example.com/s?q=1.', 'https://example.com/s?q=1'],
    ['a fragment', 'jump to example.com/doc#part-2', 'https://example.com/doc#part-2'],
    ['a fragment right after the host', 'top example.com#top', 'https://example.com#top'],
    ['a port', 'dev on example.com:8080/app', 'https://example.com:8080/app'],
    ['a port with a scheme', 'http://example.com:3000', 'http://example.com:3000'],
    ['an IP literal with a scheme', 'local http://127.0.0.1:4000/page', 'http://127.0.0.1:4000/page'],
    ['a bare IP-like version number', 'version 1.2.3.4 is out', null],
    ['a decimal number', 'pi is 3.14 or so', null],
    ['a Unicode host', 'buch bei bücher.de/neu', 'https://bücher.de/neu'],
    ['a punycode host', 'see xn--bcher-kva.de', 'https://xn--bcher-kva.de'],
    ['a wrapping pair of parentheses', '(see example.com/page)', 'https://example.com/page'],
    [
      'parentheses that belong to the URL',
      'en.wikipedia.org/wiki/Foo_(bar)',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ],
    [
      'URL parentheses inside outer ones',
      '(en.wikipedia.org/wiki/Foo_(bar))',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ],
    ['parentheses then a full stop', 'a link (example.com).', 'https://example.com'],
    ['an e-mail address', 'mail me at ann@example.com', null],
    ['an e-mail address with dots', 'write to first.last.name@example.com', null],
    ['an e-mail address before a link', 'ann@example.com or example.org', 'https://example.org'],
    ['the first of several URLs', 'a.example.com and b.example.com', 'https://a.example.com'],
    ['the first of several with schemes', 'https://one.test/1 http://two.test/2', 'https://one.test/1'],
    ['a URL after a newline', 'first line\nexample.com/next', 'https://example.com/next'],
    ['a URL in quotes', 'he said "example.com/q" once', 'https://example.com/q'],
    ['a URL in angle brackets', 'link <https://example.com/a>', 'https://example.com/a'],
    ['no URL', 'just words here', null],
    ['an empty text', '', null],
    ['a single-label host', 'try http://localhost:3000', null],
    ['another scheme', 'ftp://example.com/file', null],
    ['a mailto link', 'mailto:ann@example.com', null],
    ['a file name', 'open notes.txt2', null],
    ['a host with a hyphen', 'my-site.example.com/x', 'https://my-site.example.com/x'],
    ['a path with percent-escapes', 'example.com/a%20b', 'https://example.com/a%20b'],
  ])('%s', (_case, text, expected) => {
    expect(findFirstUrl(text)).toBe(expected);
  });

  it('says where the link ends, so the composer knows whether it is complete', () => {
    expect(findFirstUrlMatch('see example.com/a, then')).toEqual({
      url: 'https://example.com/a',
      start: 4,
      end: 17,
    });
  });
});

describe('findFirstUrl never takes an e-mail address for a link', () => {
  // Every shape RFC 5321/5322 and RFC 6531 (internationalised addresses) allow, alone and in prose.
  it.each([
    'first.last+tag@example.com',
    'first.last@example.com',
    'first-last.name-x@ex-ample.com',
    'first.last-x+y@sub.example.com',
    'jane.doe@mail.example.co.uk',
    'first.last_x@example.com',
    "o'reilly.tim@example.com",
    'first.last!x@example.com',
    'first.last#x@example.com',
    'first.last$x@example.com',
    'first.last%x@example.com',
    'first.last&co@example.com',
    'first.last*x@example.com',
    'first.last/x@example.com',
    'first.last=x@example.com',
    'first.last?x@example.com',
    'first.last^x@example.com',
    'first.last`x@example.com',
    'first.last{x}@example.com',
    'first.last|x@example.com',
    'first.last~x@example.com',
    '"john.doe"@example.com',
    '"john..doe"@example.com',
    '"first last"@example.com',
    '"very.(),:;<>[]\\".VERY.\\"very@\\\\ \\"very\\".unusual"@strange.example.com',
    'postmaster@[192.0.2.1]',
    'first.last+tag@[IPv6:2001:db8::1]',
    'first.last+tag@localhost',
    'josé.silva+x@bücher.de',
    'δοκιμή.τεστ+x@παράδειγμα.δοκιμή',
    '用户.名+x@例子.广告',
    'first.last+tag@xn--bcher-kva.de',
    'mailto:first.last+tag@example.com',
    'MAILTO:first.last@example.com?subject=hi',
  ])('%s', (address) => {
    expect(findFirstUrl(address)).toBeNull();
    expect(findFirstUrl(`write to ${address} today`)).toBeNull();
    expect(findFirstUrl(`(${address}).`)).toBeNull();
  });

  it('reads a long text once, however many names and "@" it holds', () => {
    // One 100,000-character address; checking each name against the text after it took seconds.
    const text = `${'a.bc!'.repeat(20_000)}@example.com`;
    const started = Date.now();
    expect(findFirstUrl(text)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('is not fooled by the user part of a URL either', () => {
    expect(findFirstUrl('http://first.last+tag@example.com/')).toBeNull();
  });

  it.each<[string, string]>([
    ['first.last+tag@example.com, see example.org', 'https://example.org'],
    ['example.org/contact or first.last+tag@example.com', 'https://example.org/contact'],
    ['"john.doe"@example.com wrote at news.example.net/a', 'https://news.example.net/a'],
    ['mailto:first.last@example.com https://example.org/x', 'https://example.org/x'],
    [
      'https://example.com/path?email=first.last+tag@example.org',
      'https://example.com/path?email=first.last+tag@example.org',
    ],
    ['mastodon.social/@Gargron', 'https://mastodon.social/@Gargron'],
  ])('still finds the real link in %j', (text, expected) => {
    expect(findFirstUrl(text)).toBe(expected);
  });
});
