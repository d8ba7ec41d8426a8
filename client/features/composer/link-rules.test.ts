import { describe, expect, it } from 'vitest';
import { isAllowedLinkHref, normalizeLinkInput } from './link-rules';

describe('isAllowedLinkHref', () => {
  it.each(['https://example.com/', 'http://example.com', 'mailto:ana@example.com', 'HTTPS://EXAMPLE.COM'])(
    'allows %s',
    (url) => expect(isAllowedLinkHref(url)).toBe(true),
  );

  it.each(['example.com', 'www.example.org/path?q=1', 'ana@example.com'])(
    'allows the bare host or address the autolinker found: %s',
    (url) => expect(isAllowedLinkHref(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/',
    'tel:+123',
    '/@alice',
    '/relative/path',
    '#top',
    '',
    undefined,
  ])('refuses %j', (url) => expect(isAllowedLinkHref(url)).toBe(false));
});

describe('normalizeLinkInput', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['  http://example.com  ', 'http://example.com'],
    ['example.com/docs', 'https://example.com/docs'],
    ['ana@example.com', 'mailto:ana@example.com'],
    ['mailto:ana@example.com', 'mailto:ana@example.com'],
  ])('turns %j into %j', (input, expected) => expect(normalizeLinkInput(input)).toBe(expected));

  it.each(['', '   ', 'javascript:alert(1)', 'data:text/html,x', 'not a link', 'localhost', 'ftp://x.org'])(
    'refuses %j',
    (input) => expect(normalizeLinkInput(input)).toBeNull(),
  );
});
