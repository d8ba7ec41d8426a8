import type { PostSearch } from './search-index';

/** The trigram indexes cannot look up fewer characters than this (no trigram, no rows). */
const TRIGRAM_LENGTH = 3;

/**
 * Scripts written without spaces between words: a word of theirs is part of a longer run, so
 * only the trigram index finds it.
 */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * The terms a search looks for anywhere inside the text (both engines' trigram indexes), or
 * null for none. Parts of words are looked for in a query of one term (`believ`), or of several
 * when one of them is in a script written without spaces. Several spaced terms match as words,
 * the last also as a word beginning: asking the trigram index for two parts at once costs more
 * than the whole rest of a search (every trigram of both terms, newest first, until the page
 * fills), and people who type several words type words. A term too short for trigrams cannot
 * take part, so when every term must match and one is short, there is no part search at all.
 */
export function partTerms(search: Pick<PostSearch, 'words' | 'phrases' | 'mode'>): string[] | null {
  const terms = [...search.words, ...search.phrases];
  if (terms.length > 1 && !terms.some((term) => UNSPACED_SCRIPT.test(term))) return null;
  const long = terms.filter((term) => [...term].length >= TRIGRAM_LENGTH);
  if (long.length === 0 || (search.mode === 'all' && long.length < terms.length)) return null;
  return long;
}
