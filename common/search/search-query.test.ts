import { describe, expect, it } from 'vitest';
import { highlightTermsOf, isSearchable, parseSearchQuery, SEARCH_MAX_TERMS } from './search-query';

describe('parseSearchQuery', () => {
  it.each([
    ['cats dogs', { words: ['cats', 'dogs'], phrases: [], fromHandle: null }],
    ['  spaced   out  ', { words: ['spaced', 'out'], phrases: [], fromHandle: null }],
    ['"quick  brown" fox', { words: ['fox'], phrases: ['quick brown'], fromHandle: null }],
    ['"unclosed phrase', { words: [], phrases: ['unclosed phrase'], fromHandle: null }],
    ['"" empty', { words: ['empty'], phrases: [], fromHandle: null }],
    ['tea from:@Ana_1', { words: ['tea'], phrases: [], fromHandle: 'Ana_1' }],
    ['from:bob tea', { words: ['tea'], phrases: [], fromHandle: 'bob' }],
    ['from:@ nothing', { words: ['from:@', 'nothing'], phrases: [], fromHandle: null }],
    ['from:@not-a-handle', { words: ['from:@not-a-handle'], phrases: [], fromHandle: null }],
    ['Tea tea TEA', { words: ['Tea'], phrases: [], fromHandle: null }],
    ['a+b (x) .*', { words: ['a+b', '(x)', '.*'], phrases: [], fromHandle: null }],
    ['a\u0000b "c\u0007 d\u0000"', { words: ['a', 'b'], phrases: ['c d'], fromHandle: null }],
    ['\u0000\u001b', { words: [], phrases: [], fromHandle: null }],
  ])('%j', (input, expected) => {
    expect(parseSearchQuery(input)).toEqual(expected);
  });

  it(`keeps at most ${SEARCH_MAX_TERMS} words and phrases`, () => {
    const words = Array.from({ length: SEARCH_MAX_TERMS + 5 }, (_, i) => `w${i}`);
    expect(parseSearchQuery(words.join(' ')).words).toEqual(words.slice(0, SEARCH_MAX_TERMS));
  });

  it('highlights phrases and words, never the author filter', () => {
    expect(highlightTermsOf('"red car" from:@ana fast')).toEqual(['red car', 'fast']);
  });

  it.each([
    ['', false],
    ['   ', false],
    ['""', false],
    ['from:@ana', true],
    ['x', true],
  ])('%j is searchable: %s', (input, expected) => {
    expect(isSearchable(parseSearchQuery(input))).toBe(expected);
  });
});
