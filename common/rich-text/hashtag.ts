/**
 * Hashtags, shared by the server (which finds them in post text and links them) and the browser
 * (tag pages, links, the live filter of a tag's timeline). No zod here: the first page loads it.
 *
 * A tag is letters of any script, combining marks, digits and `_`, with at least one letter
 * (`#1` is a number, not a tag), at most HASHTAG_MAX_LENGTH characters. Tags compare without
 * case: `#Rust` and `#rust` are one tag, stored and addressed by its key.
 */

export const HASHTAG_MAX_LENGTH = 64;

/** A hashtag is a link to its page, marked so the editor can load it back as text. */
export const HASHTAG_TYPE = 'hashtag';

const HASHTAG_PATTERN = /^[\p{L}\p{M}\p{N}_]+$/u;
const HAS_LETTER = /\p{L}/u;

export function isHashtag(tag: string): boolean {
  return (
    tag.length > 0 && tag.length <= HASHTAG_MAX_LENGTH && HASHTAG_PATTERN.test(tag) && HAS_LETTER.test(tag)
  );
}

/** The form a tag is stored, followed and addressed by: NFC, lower case. */
export function hashtagKey(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

export function hashtagHref(tag: string): string {
  return `/tags/${encodeURIComponent(hashtagKey(tag))}`;
}
