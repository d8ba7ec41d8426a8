import { findMatchRanges } from './match-ranges';

/** Characters of a post's text a search result shows, around its first match. */
export const SEARCH_SNIPPET_LENGTH = 160;
/** How far before the first match a snippet starts, as a share of its length. */
const LEAD_SHARE = 1 / 3;
/** A cut moves to the nearest space at most this far, so words stay whole. */
const WORD_SNAP = 20;
const ELLIPSIS = '…';

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The part of a post's plain text around the first match of the terms, on one line, cut at
 * spaces where it can be and marked with an ellipsis where it was cut. Text with no match (found
 * through an author filter) starts at its beginning.
 */
export function snippetAround(
  text: string,
  terms: readonly string[],
  length = SEARCH_SNIPPET_LENGTH,
): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const first = findMatchRanges(line, terms)[0];
  let start = first ? Math.max(0, first.start - Math.floor(length * LEAD_SHARE)) : 0;
  if (start > 0) {
    const space = line.indexOf(' ', start);
    if (space !== -1 && space - start <= WORD_SNAP && (!first || space < first.start)) start = space + 1;
  }
  let end = Math.min(line.length, start + length);
  if (end < line.length) {
    const space = line.lastIndexOf(' ', end);
    if (space > start && end - space <= WORD_SNAP && (!first || space >= first.end)) end = space;
  }
  if (isLowSurrogate(line, start)) start += 1;
  if (end < line.length && isLowSurrogate(line, end)) end -= 1;
  return `${start > 0 ? ELLIPSIS : ''}${line.slice(start, end).trim()}${end < line.length ? ELLIPSIS : ''}`;
}
