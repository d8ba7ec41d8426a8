import { describe, expect, it } from 'vitest';
import { findMatchRanges, mergeRanges, splitByMatches } from './match-ranges';

/** The text with each match in [brackets]: easy to read in a table. */
function marked(text: string, terms: string | string[]): string {
  return splitByMatches(text, typeof terms === 'string' ? [terms] : terms)
    .map((piece) => (piece.isMatch ? `[${piece.text}]` : piece.text))
    .join('');
}

describe('findMatchRanges / splitByMatches', () => {
  it.each([
    // Regex special characters are literal.
    ['a+b', 'aab a+b ab', 'aab [a+b] ab'],
    ['(x)', 'x (x) (X)', 'x [(x)] [(X)]'],
    ['.*', 'abc .* a.*b', 'abc [.*] a[.*]b'],
    ['\\', 'a\\b \\\\', 'a[\\]b [\\\\]'],
    ['$', 'cost $5 or $$', 'cost [$]5 or [$$]'],
    ['[', 'a[0] [b]', 'a[[]0] [[]b]'],
    ['?', 'why? who??', 'why[?] who[??]'],
    ['^', 'a^b', 'a[^]b'],
    ['|', 'a|b', 'a[|]b'],
    ['{2}', 'a{2} aa', 'a[{2}] aa'],
    // Case, everywhere in Unicode.
    ['hello', 'Hello HELLO hello', '[Hello] [HELLO] [hello]'],
    ['É', 'école École ecole', '[é]cole [É]cole ecole'],
    ['Café', 'CAFÉ cafe\u0301 cafe', '[CAFÉ] [cafe\u0301] cafe'],
    ['é', 'ÉTÉ', '[É]T[É]'],
    ['σ', 'ΣΟΦΙΑ σοφια', '[Σ]ΟΦΙΑ [σ]οφια'],
    ['straße', 'STRASSE Straße', '[STRASSE] [Straße]'],
    ['ДОМ', 'мой дом', 'мой [дом]'],
    // A term without accents ignores them, like the search index; decomposed text too.
    ['cafe', 'café cafe\u0301 CAFÉ', '[café] [cafe\u0301] [CAFÉ]'],
    // Scripts without case or spaces, and characters outside the BMP.
    ['東京', '今日は東京タワー', '今日は[東京]タワー'],
    ['😀', 'a😀b😀', 'a[😀]b[😀]'],
    // A term that looks like markup is just text.
    ['<b>', 'write <b> or <B>', 'write [<b>] or [<B>]'],
    ['&amp;', 'a & b &amp; c', 'a & b [&amp;] c'],
  ])('%j in %j', (term, text, expected) => {
    expect(marked(text, term)).toBe(expected);
  });

  it.each([
    ['an empty term', ''],
    ['a blank term', '   '],
  ])('matches nothing for %s', (_label, term) => {
    expect(findMatchRanges('some text', [term])).toEqual([]);
    expect(marked('some text', term)).toBe('some text');
  });

  it.each([
    ['overlapping matches of one term merge', 'aa', 'aaaa b aa', '[aaaa] b [aa]'],
    ['overlapping terms merge', ['abc', 'bcd'], 'abcde', '[abcd]e'],
    ['a term inside another merges', ['ana', 'banana'], 'bananas', '[banana]s'],
    ['touching terms merge', ['foo', 'bar'], 'foobar baz', '[foobar] baz'],
    ['several terms, apart', ['quick', 'fox'], 'The quick brown Fox', 'The [quick] brown [Fox]'],
    ['a phrase with its space', ['brown fox'], 'brown  fox, brown fox', 'brown  fox, [brown fox]'],
    ['a phrase across a line break', ['brown fox'], 'brown\nfox', '[brown\nfox]'],
    ['surrounding spaces of a term do not count', [' fox '], 'fox', '[fox]'],
  ])('%s', (_label, terms, text, expected) => {
    expect(marked(text, terms)).toBe(expected);
  });

  it('gives ranges in the original text when folding changes lengths', () => {
    expect(findMatchRanges('İstanbul ß', ['istanbul', 'ss'])).toEqual([
      { start: 0, end: 8 },
      { start: 9, end: 10 },
    ]);
  });

  it('keeps the text whole: the pieces join back into it', () => {
    const text = 'Ünïcode, <em>markup</em> & (regex) [specials] .* $1 \\n';
    for (const term of ['e', '.*', 'EM', '<', 'ünï', '\\']) {
      expect(
        splitByMatches(text, [term])
          .map((piece) => piece.text)
          .join(''),
      ).toBe(text);
    }
  });
});

describe('mergeRanges', () => {
  it('sorts and joins overlapping or touching ranges only', () => {
    expect(
      mergeRanges([
        { start: 8, end: 9 },
        { start: 0, end: 2 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 6, end: 7 },
      ]),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 6, end: 7 },
      { start: 8, end: 9 },
    ]);
  });
});
