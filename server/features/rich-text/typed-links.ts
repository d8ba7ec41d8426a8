import { find as findLinks } from 'linkifyjs';
import { hashtagKey, isHashtag } from '../../../common/rich-text/hashtag';
import { canStartMentionAfter, isMentionHandle } from '../../../common/rich-text/post-schema';
import { safeLinkHref } from './link-href';
import type { PostInline } from './post-tree';

/** The handle to link for a typed `@handle`, or null to leave it as text (see NormaliseOptions). */
export type ResolveMention = (handle: string) => string | null;

interface Found {
  inline: PostInline;
  /** Where the text after the find starts. */
  end: number;
}

const TRIGGERS = /[#@]/g;
const TAG_RUN = /[\p{L}\p{M}\p{N}_]+/uy;
const HANDLE_RUN = /[A-Za-z0-9_]+/y;
/** After a word character, `&` (`&#38;`) or `/` (a URL's `/#fragment`), `#` is not a tag. */
const NOT_BEFORE_HASHTAG = /[\p{L}\p{M}\p{N}_&/]$/u;
/** A tag or handle that runs on into the next piece of text is not one: no link spans a mark. */
const WORD_GOES_ON = /^[\p{L}\p{M}\p{N}_]/u;
/** `@ana@host` and `@anaé` are an address and a word, not a mention of ana. */
const HANDLE_GOES_ON = /^[\p{L}\p{M}\p{N}_@]/u;
/** A web or e-mail address that starts mid-word (`exam` bold, then `ple.com`) or after `@` is not one. */
const NOT_BEFORE_ADDRESS = /[\p{L}\p{M}\p{N}_@.\-/]$/u;

/**
 * Links what is typed as text in a paragraph, except inside links and code, as the editor does
 * while someone types: web and e-mail addresses become links (`example.com` to https), `#tag`s
 * hashtags, `@handle`s mentions; so a post sent as plain text (an API client, a bot) reads like
 * one written in the composer. The text reads as one across marks (a `#` right after a bold
 * letter is still inside a word), so stored HTML, whose hashtags come back as their text, is
 * read again into the very same links.
 */
export function linkTypedText(inlines: PostInline[], resolveMention: ResolveMention): PostInline[] {
  return linkWithin(inlines, '', '', resolveMention);
}

/** `before` and `after` are the characters around these inlines ('' at the paragraph's ends). */
function linkWithin(
  inlines: PostInline[],
  before: string,
  after: string,
  resolveMention: ResolveMention,
): PostInline[] {
  const pieces = joinAdjacentText(inlines);
  const followers = charactersAfterEach(pieces, after);
  const linked: PostInline[] = [];
  let previous = before;
  pieces.forEach((piece, index) => {
    const following = followers[index] ?? after;
    if (piece.kind === 'text') {
      linked.push(...linkTypedInText(piece.text, previous, following, resolveMention));
    } else if (piece.kind === 'mark' && piece.mark !== 'code') {
      linked.push({ ...piece, children: linkWithin(piece.children, previous, following, resolveMention) });
    } else {
      linked.push(piece);
    }
    previous = lastCharacter(piece) || previous;
  });
  return linked;
}

function linkTypedInText(
  text: string,
  before: string,
  after: string,
  resolveMention: ResolveMention,
): PostInline[] {
  const inlines: PostInline[] = [];
  let plainFrom = 0;
  for (const address of addressesIn(text, before, after)) {
    const plain = text.slice(plainFrom, address.start);
    inlines.push(
      ...linkTagsAndMentions(plain, edgeBefore(text, plainFrom, before), address.text, resolveMention),
    );
    inlines.push({ kind: 'link', href: address.href, children: [{ kind: 'text', text: address.text }] });
    plainFrom = address.start + address.text.length;
  }
  const rest = text.slice(plainFrom);
  inlines.push(...linkTagsAndMentions(rest, edgeBefore(text, plainFrom, before), after, resolveMention));
  return inlines;
}

interface TypedAddress {
  start: number;
  text: string;
  href: string;
}

/**
 * The web and e-mail addresses in a run of text, found by linkify (the library the editor's own
 * autolinking uses), with the hrefs the editor would give them.
 */
function addressesIn(text: string, before: string, after: string): TypedAddress[] {
  // Every address has a dot or a scheme's colon; most text has neither, and skips linkify.
  if (!text.includes('.') && !text.includes(':')) return [];
  return findLinks(text, { defaultProtocol: 'https' }).flatMap((found) => {
    if (!found.isLink || (found.type !== 'url' && found.type !== 'email')) return [];
    const textBefore = edgeBefore(text, found.start, before);
    const following = found.end < text.length ? text.slice(found.end, found.end + 2) : after;
    if (NOT_BEFORE_ADDRESS.test(textBefore) || WORD_GOES_ON.test(following)) return [];
    const href = safeLinkHref(found.href);
    return href === null ? [] : [{ start: found.start, text: found.value, href }];
  });
}

/** The characters just before `index`: up to two code units of `text`, or `before` at its start. */
function edgeBefore(text: string, index: number, before: string): string {
  return index === 0 ? before : text.slice(Math.max(0, index - 2), index);
}

function linkTagsAndMentions(
  text: string,
  before: string,
  after: string,
  resolveMention: ResolveMention,
): PostInline[] {
  const inlines: PostInline[] = [];
  let plainFrom = 0;
  for (const trigger of text.matchAll(TRIGGERS)) {
    const start = trigger.index;
    // Two code units hold the character before, even outside the Basic Multilingual Plane.
    const textBefore = edgeBefore(text, start, before);
    const found =
      trigger[0] === '#'
        ? hashtagAt(text, start, textBefore, after)
        : mentionAt(text, start, textBefore, after, resolveMention);
    if (found === null) continue;
    if (start > plainFrom) inlines.push({ kind: 'text', text: text.slice(plainFrom, start) });
    inlines.push(found.inline);
    plainFrom = found.end;
  }
  if (plainFrom < text.length) inlines.push({ kind: 'text', text: text.slice(plainFrom) });
  return inlines;
}

function hashtagAt(text: string, start: number, textBefore: string, after: string): Found | null {
  if (NOT_BEFORE_HASHTAG.test(textBefore)) return null;
  const tag = runAt(TAG_RUN, text, start + 1);
  const end = start + 1 + tag.length;
  if (end === text.length && WORD_GOES_ON.test(after)) return null;
  return isLinkableTag(tag) ? { inline: { kind: 'hashtag', tag }, end } : null;
}

/** Lower-casing can lengthen a tag (`İ` is two characters in lower case); its page takes keys only. */
function isLinkableTag(tag: string): boolean {
  return isHashtag(tag) && isHashtag(hashtagKey(tag));
}

function mentionAt(
  text: string,
  start: number,
  textBefore: string,
  after: string,
  resolveMention: ResolveMention,
): Found | null {
  if (!canStartMentionAfter(textBefore)) return null;
  const typed = runAt(HANDLE_RUN, text, start + 1);
  const end = start + 1 + typed.length;
  const following = end < text.length ? text.slice(end, end + 2) : after;
  if (HANDLE_GOES_ON.test(following) || !isMentionHandle(typed)) return null;
  const handle = resolveMention(typed);
  return handle === null ? null : { inline: { kind: 'mention', handle }, end };
}

/** The longest run of `sticky`'s characters at `index` ('' when there is none). */
function runAt(sticky: RegExp, text: string, index: number): string {
  sticky.lastIndex = index;
  return sticky.exec(text)?.[0] ?? '';
}

/** The parser may hand one run of text over in pieces; a tag is found in the whole run. */
function joinAdjacentText(inlines: PostInline[]): PostInline[] {
  const joined: PostInline[] = [];
  for (const inline of inlines) {
    const last = joined.at(-1);
    if (inline.kind === 'text' && last?.kind === 'text') {
      joined[joined.length - 1] = { kind: 'text', text: last.text + inline.text };
    } else {
      joined.push(inline);
    }
  }
  return joined;
}

/** For each inline, the first character of what follows it, ending with `after`. */
function charactersAfterEach(inlines: PostInline[], after: string): string[] {
  const followers: string[] = [];
  let next = after;
  for (let index = inlines.length - 1; index >= 0; index -= 1) {
    followers[index] = next;
    const inline = inlines[index];
    next = (inline && firstCharacter(inline)) || next;
  }
  return followers;
}

function firstCharacter(inline: PostInline): string {
  const text = visibleEdge(inline, 'first');
  const codePoint = text.codePointAt(0);
  return codePoint === undefined ? '' : String.fromCodePoint(codePoint);
}

function lastCharacter(inline: PostInline): string {
  return Array.from(visibleEdge(inline, 'last').slice(-2)).at(-1) ?? '';
}

/** Enough of the inline's text to read its first or last character from. */
function visibleEdge(inline: PostInline, edge: 'first' | 'last'): string {
  switch (inline.kind) {
    case 'text':
      return inline.text;
    case 'hardBreak':
      return '\n';
    case 'mention':
      return `@${inline.handle}`;
    case 'hashtag':
      return `#${inline.tag}`;
    default: {
      const children = edge === 'first' ? inline.children : [...inline.children].reverse();
      for (const child of children) {
        const text = visibleEdge(child, edge);
        if (text !== '') return text;
      }
      return '';
    }
  }
}
