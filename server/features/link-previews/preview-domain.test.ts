import { describe, expect, it } from 'vitest';
import { previewDomain } from './preview-domain';

describe('previewDomain', () => {
  it.each([
    ['https://www.github.com/a', 'github'],
    ['https://github.com/', 'github'],
    ['https://www.bbc.co.uk/news', 'bbc'],
    ['https://blog.example.com/post', 'blog.example'],
    ['https://WWW.EXAMPLE.COM/', 'example'],
    ['https://example.com:8080/x', 'example'],
    ['https://user.github.io/', 'user.github'],
    ['https://www.bücher.de/', 'bücher'],
    ['http://127.0.0.1:4000/page', '127.0.0.1'],
    ['https://a.b/', 'a'],
    ['not a url', ''],
  ])('%s → %s', (url, domain) => {
    expect(previewDomain(url)).toBe(domain);
  });
});
