/** A half-open range [start, end) of UTF-16 code units in the original text. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Text folded for matching, with where each folded code unit came from. Matching runs on the
 * folded text; the maps turn a match back into a range of the original, whose length may differ
 * (`ß` folds to `ss`, `é` written as `e` + U+0301 folds to `e`).
 */
interface FoldedText {
  text: string;
  starts: number[];
  ends: number[];
}

/** Accents of the Latin, Greek and Cyrillic alphabets; marks of other scripts (kana voicing) stay. */
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
const HAS_DIACRITIC = /[\u0300-\u036f]/;
const WHITESPACE = /\s/u;
const COMBINING_MARK = /\p{M}/u;

/**
 * One code point, folded for matching: case (upper then lower gives full folding, so `ß` meets
 * `SS` and `É` meets `é`) and any white space to a space; accents too when `stripAccents`.
 * Decomposed (NFD) either way, so `é` typed as one code point or two folds alike.
 */
function foldCodePoint(char: string, stripAccents: boolean): string {
  const code = char.charCodeAt(0);
  if (code < 0x80) {
    if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 32);
    return code >= 0x09 && code <= 0x0d ? ' ' : char;
  }
  if (WHITESPACE.test(char)) return ' ';
  const decomposed = char.normalize('NFD');
  return (stripAccents ? decomposed.replace(COMBINING_DIACRITICS, '') : decomposed)
    .toUpperCase()
    .toLowerCase();
}

function fold(text: string, stripAccents: boolean): FoldedText {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const end = index + char.length;
    const piece = foldCodePoint(char, stripAccents);
    for (let k = 0; k < piece.length; k += 1) {
      starts.push(index);
      ends.push(end);
    }
    folded += piece;
    index = end;
  }
  return { text: folded, starts, ends };
}

/** A match keeps the accents written after its last letter, so no character is split. */
function extendOverMarks(text: string, end: number): number {
  let at = end;
  while (at < text.length && COMBINING_MARK.test(text.charAt(at))) at += 1;
  return at;
}

/** Sorted, with overlapping or touching ranges joined: one highlight per run, never nested. */
export function mergeRanges(ranges: readonly TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Every place in `text` where any of the terms occurs, ignoring case. Terms are literal text,
 * never patterns: `a+b`, `(x)`, `.*` or `\\` match only themselves. A term written without
 * accents ignores them too (`cafe` finds `café`, as the search index does); one written with
 * accents wants them (`É` finds `é` and `É`, not `e`). Empty and blank terms match nothing.
 * Overlapping matches, of one term or several, come back merged.
 */
export function findMatchRanges(text: string, terms: readonly string[]): TextRange[] {
  if (text === '') return [];
  const haystacks = new Map<boolean, FoldedText>();
  const ranges: TextRange[] = [];
  for (const term of new Set(terms.map((t) => t.trim()))) {
    if (term === '') continue;
    const stripAccents = !HAS_DIACRITIC.test(term.normalize('NFD'));
    const needle = fold(term, stripAccents).text;
    let haystack = haystacks.get(stripAccents);
    if (!haystack) {
      haystack = fold(text, stripAccents);
      haystacks.set(stripAccents, haystack);
    }
    for (let at = haystack.text.indexOf(needle); at !== -1; at = haystack.text.indexOf(needle, at + 1)) {
      const start = haystack.starts[at];
      const end = haystack.ends[at + needle.length - 1];
      if (start !== undefined && end !== undefined) ranges.push({ start, end: extendOverMarks(text, end) });
    }
  }
  return mergeRanges(ranges);
}

/** Text cut into plain and matched pieces, in order; joined, the pieces give the text back. */
export interface TextPiece {
  text: string;
  isMatch: boolean;
}

export function splitByMatches(text: string, terms: readonly string[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let cursor = 0;
  for (const { start, end } of findMatchRanges(text, terms)) {
    if (start > cursor) pieces.push({ text: text.slice(cursor, start), isMatch: false });
    pieces.push({ text: text.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), isMatch: false });
  return pieces;
}
