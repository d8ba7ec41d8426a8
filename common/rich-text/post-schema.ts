import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '../contracts/limits';

/**
 * The post body's HTML schema, shared by the editor (which produces it) and the server's
 * sanitiser (which lets through exactly this and nothing else).
 */

/** Elements the editor makes: paragraphs, marks, code, lists, quotes, hard breaks, links. */
export const POST_HTML_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
] as const;

/** Link schemes a post may carry; everything else loses its link. */
export const POST_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Forced on every outside link. */
export const POST_LINK_REL = 'nofollow ugc noopener noreferrer';

/**
 * A mention is a link to the profile, marked so the editor can load it back as a mention node:
 * `<a href="/@alice" data-type="mention" data-id="alice">@alice</a>`.
 */
export const MENTION_TYPE = 'mention';

export function mentionHref(handle: string): string {
  return `/@${handle}`;
}

/*
 * A hashtag (`HASHTAG_TYPE` and its rules are in ./hashtag.ts) is a link to its tag's page, keyed
 * without case and showing the tag as typed:
 * `<a href="/tags/caf%C3%A9" data-type="hashtag" data-id="café">#Café</a>`. The server finds
 * tags in the text and writes these on every save; the editor loads them back as plain `#Café`.
 */

/**
 * Word and address characters: an `@` right after one is part of a word, an e-mail address
 * (`ana@example.com`) or a URL path (`example.com/@ana`), not a mention.
 */
const NOT_BEFORE_TYPED_MENTION = /[\p{L}\p{M}\p{N}_.+@/-]$/u;

/**
 * Whether an `@` typed right after `textBefore` (empty at the start of the text) can start a
 * mention: the server links such typed `@handle`s, and the composer offers people for them.
 */
export function canStartMentionAfter(textBefore: string): boolean {
  return !NOT_BEFORE_TYPED_MENTION.test(textBefore);
}

export type PostHtmlTag = (typeof POST_HTML_TAGS)[number];

/**
 * Attributes a tag may carry in stored HTML; every other attribute is dropped. The server
 * rebuilds each `a` into one of three exact shapes (see `POST_LINK_TARGET`, `MENTION_TYPE` and
 * `HASHTAG_TYPE`), so a renderer can use this list as its allow-list as it is.
 */
export const POST_HTML_ATTRIBUTES: Readonly<Partial<Record<PostHtmlTag, readonly string[]>>> = {
  a: ['href', 'rel', 'target', 'data-type', 'data-id'],
  ol: ['start', 'type'],
  code: ['class'],
};

/** Forced on every outside link: `<a target="_blank" rel="…" href="https://…">`. */
export const POST_LINK_TARGET = '_blank';

/** A code block's language, as TipTap writes it: `<pre><code class="language-js">`. */
export const CODE_LANGUAGE_CLASS_PATTERN = /^language-[a-z0-9-]{1,32}$/;

/** `<ol type>` values kept; "1" is the default and, as in TipTap, never written. */
export const ORDERED_LIST_TYPES = ['a', 'A', 'i', 'I'] as const;

/**
 * What `data-id` of a mention must look like: a syntactically valid handle (the same rule as
 * `handleSchema` in contracts/auth.ts, whose pattern is not exported).
 */
const MENTION_HANDLE_PATTERN = new RegExp(`^[A-Za-z0-9_]{${HANDLE_MIN_LENGTH},${HANDLE_MAX_LENGTH}}$`);

export function isMentionHandle(value: string): boolean {
  return MENTION_HANDLE_PATTERN.test(value);
}
