import { HANDLE_MAX_LENGTH } from '../contracts/limits';

/** Longest search query accepted, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Words and phrases a query may hold; later ones are ignored. */
export const SEARCH_MAX_TERMS = 12;

/**
 * A query as typed, understood: `"quoted phrases"` match as written (next to each other, in
 * order), `from:@handle` (or `from:handle`) keeps one author's posts, every other word matches
 * as a word or a part of one.
 */
export interface SearchQuery {
  words: string[];
  phrases: string[];
  fromHandle: string | null;
}

// Control characters separate words as spaces do: the API refuses them, and a NUL would end
// SQLite's full-text query string early if one got this far.
const TOKEN = /"([^"]*)"?|([^\s\p{Cc}]+)/gu;
const SPACES_AND_CONTROLS = /[\s\p{Cc}]+/gu;
const FROM_FILTER = new RegExp(`^from:@?([A-Za-z0-9_]{1,${HANDLE_MAX_LENGTH}})$`, 'i');

export function parseSearchQuery(input: string): SearchQuery {
  const words: string[] = [];
  const phrases: string[] = [];
  let fromHandle: string | null = null;
  const seen = new Set<string>();
  const add = (list: string[], term: string) => {
    const key = `${list === phrases ? 'p' : 'w'}:${term.toLowerCase()}`;
    if (term === '' || seen.has(key) || seen.size >= SEARCH_MAX_TERMS) return;
    seen.add(key);
    list.push(term);
  };
  for (const [, quoted, bare] of input.matchAll(TOKEN)) {
    if (quoted !== undefined) {
      add(phrases, quoted.replace(SPACES_AND_CONTROLS, ' ').trim());
      continue;
    }
    const from = bare ? FROM_FILTER.exec(bare) : null;
    if (from?.[1]) fromHandle = from[1];
    else if (bare) add(words, bare);
  }
  return { words, phrases, fromHandle };
}

/** What a result shows highlighted for a query: its phrases and words, never its filters. */
export function highlightTermsOf(query: SearchQuery | string): string[] {
  const parsed = typeof query === 'string' ? parseSearchQuery(query) : query;
  return [...parsed.phrases, ...parsed.words];
}

/** True when the query asks for anything at all (a word, a phrase or an author). */
export function isSearchable(query: SearchQuery): boolean {
  return query.words.length > 0 || query.phrases.length > 0 || query.fromHandle !== null;
}
