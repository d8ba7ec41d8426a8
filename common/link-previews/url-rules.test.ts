import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_URL_LENGTH, isValidUrl, normalizeUrl } from './url-rules';

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
