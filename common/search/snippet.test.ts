import { describe, expect, it } from 'vitest';
import { SEARCH_SNIPPET_LENGTH, snippetAround } from './snippet';

describe('snippetAround', () => {
  it('keeps short text whole, on one line', () => {
    expect(snippetAround('one\n\ntwo   three', ['two'])).toBe('one two three');
  });

  it('starts a little before the first match, at a word, with ellipses where it cut', () => {
    const text = `${'early words here '.repeat(30)}the needle sits here ${'late words there '.repeat(30)}`;
    const snippet = snippetAround(text, ['NEEDLE']);
    expect(snippet).toMatch(/^…\S/);
    expect(snippet).toMatch(/\S…$/);
    expect(snippet).toContain('the needle sits here');
    expect(snippet.indexOf('needle')).toBeGreaterThan(20);
    expect(snippet.length).toBeLessThanOrEqual(SEARCH_SNIPPET_LENGTH + 2);
    expect(
      snippet
        .slice(1, -1)
        .split(' ')
        .every((word) => ['early', 'words', 'here', 'the', 'needle', 'sits', 'late', 'there'].includes(word)),
    ).toBe(true);
  });

  it('starts at the beginning when nothing matches', () => {
    const text = 'first '.repeat(100);
    expect(snippetAround(text, ['absent']).startsWith('first')).toBe(true);
  });

  it('never cuts a character outside the BMP in half', () => {
    const text = '😀'.repeat(200);
    const snippet = snippetAround(text, ['😀']);
    expect(snippet.replace(/…/g, '')).toMatch(/^(?:😀)+$/u);
  });
});
