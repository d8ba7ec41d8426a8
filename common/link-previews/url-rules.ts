/**
 * URL rules shared by the composer (finding the link to preview) and the preview proxy
 * (docs/spec.md#finding-and-normalising-a-link): trailing `. , ; ! ?` is removed, `https://`
 * is added when there is no scheme, and a URL is valid only if it parses, is http(s) and its
 * host has at least two dot-separated parts, none of them empty. The browser bundles this file:
 * the site label a card shows needs the public-suffix list, so the server computes it
 * (preview-domain.ts there).
 */

/** Longest URL the preview proxy accepts, before and after normalisation. */
export const MAX_PREVIEW_URL_LENGTH = 2048;

// common/ compiles with lib ES2023 only (no DOM, no Node types), so the WHATWG `URL` class
// that both browsers and Node provide at runtime has no type here. A tiny structural type
// keeps this file free of ambient declarations that would clash with DOM/Node typings when
// client/ and server/ compile it.
interface WhatwgUrl {
  readonly href: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}
type WhatwgUrlConstructor = new (input: string) => WhatwgUrl;
const WhatwgURL = (globalThis as unknown as { URL: WhatwgUrlConstructor }).URL;

const TRAILING_PUNCTUATION = /[.,;!?]+$/;
// A scheme is letters/digits/+.- before a colon; a colon followed by a digit is a port
// ("example.com:8080/x" has no scheme), so it does not count.
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
const WEB_PROTOCOLS = new Set(['http:', 'https:']);

function parseUrl(input: string): WhatwgUrl | null {
  try {
    return new WhatwgURL(input);
  } catch {
    return null;
  }
}

function hasTwoHostParts(hostname: string): boolean {
  const parts = hostname.split('.');
  return parts.length >= 2 && parts.every((part) => part.length > 0);
}

/** True when `url` parses as http(s) and its host has ≥ 2 non-empty dot-separated parts. */
export function isValidUrl(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && WEB_PROTOCOLS.has(parsed.protocol) && hasTwoHostParts(parsed.hostname);
}

/**
 * The canonical form of a user-typed link (WHATWG `href`), or null when it is not a valid
 * web URL. Idempotent: normalising a normalised URL returns it unchanged.
 */
export function normalizeUrl(input: string): string | null {
  const trimmed = input.trim().replace(TRAILING_PUNCTUATION, '');
  if (trimmed.length === 0 || trimmed.length > MAX_PREVIEW_URL_LENGTH) return null;
  const withScheme = HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!isValidUrl(withScheme)) return null;
  const href = parseUrl(withScheme)?.href ?? null;
  return href !== null && href.length <= MAX_PREVIEW_URL_LENGTH ? href : null;
}

// --- Finding the first link in a text (docs/spec.md#finding-and-normalising-a-link) ---------

const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
// A top-level part is letters (or its punycode form), so "v1.2" or "3.14" is never a host.
const TOP_LEVEL = String.raw`(?:\p{L}{2,63}|xn--[a-z\d-]{1,59})`;
const NAMED_HOST = String.raw`(?:www\.)?(?:${LABEL}\.)+${TOP_LEVEL}`;
const IPV4_HOST = String.raw`\d{1,3}(?:\.\d{1,3}){3}`;
// After the host: no further label and no "@" (that would make it the name part of an e-mail).
const HOST_END = String.raw`(?![\p{L}\p{N}@_-]|\.[\p{L}\p{N}])`;
const PORT = String.raw`(?::\d{1,5})?`;
const PATH = String.raw`(?:[/?#][^\s<>"]*)?`;
// Not glued to a word, an e-mail's "@", a path or another scheme ("ftp://", "mailto:").
const START = String.raw`(?<![\p{L}\p{N}@._%+/:=-])`;
/**
 * Host and path with an optional http(s) scheme and an optional www. An IP literal counts only
 * with its scheme, so version numbers in prose are not links. Group 1 ends where the host ends.
 */
const URL_IN_TEXT = new RegExp(
  String.raw`${START}((?:https?:\/\/)(?:${NAMED_HOST}|${IPV4_HOST})|${NAMED_HOST})${HOST_END}${PORT}${PATH}`,
  'giu',
);
const SCHEME = /^https?:\/\//i;

// --- E-mail addresses, which are never links --------------------------------------------------

// RFC 5322 atext, plus the letters and digits of any script that RFC 6531 allows in addresses
// (\x60 is the backtick).
const ATEXT_CHARS = String.raw`\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~-`;
const DOT_ATOM = String.raw`[${ATEXT_CHARS}]+(?:\.[${ATEXT_CHARS}]+)*`;
const QUOTED_LOCAL_PART = String.raw`"(?:[^"\\\r\n]|\\.)*"`;
const ADDRESS_LITERAL = String.raw`\[[^\]\s]+\]`;
/**
 * A whole e-mail address: a dot-atom or quoted local part, "@", then a host name with a dot or an
 * address literal ("postmaster@[192.0.2.1]"). A dotless domain does not count here, so that a
 * profile link such as "mastodon.social/@someone" stays a link.
 */
const EMAIL_IN_TEXT = new RegExp(
  String.raw`(?<![.${ATEXT_CHARS}])(?:${DOT_ATOM}|${QUOTED_LOCAL_PART})@(?:${NAMED_HOST}|${ADDRESS_LITERAL})`,
  'gu',
);
/** Where a host's authority ends: whitespace, "/", "?", "#", or an "@" that makes it a name. */
const AUTHORITY_END = /[\s/?#@]/gu;

interface Span {
  start: number;
  end: number;
}

/**
 * Tells, for link candidates asked about from left to right, whether each is part of an e-mail
 * address: an "@" follows its host before the authority ends (the name part of an address, or
 * the user of "http://user@host"), or, without a scheme, it overlaps a whole address —
 * "first.last/x@example.com" is an address, not a link to a path on "first.last". With an
 * explicit http(s):// the text is a link, whatever its path holds. Candidates only move right,
 * so the text is scanned once however many there are.
 */
function emailDetector(text: string): (candidate: Span, hostEnd: number) => boolean {
  if (!text.includes('@')) return () => false;
  const emails = Array.from(text.matchAll(EMAIL_IN_TEXT), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  let nextEmail = 0;
  let authorityEnd = -1;
  return (candidate, hostEnd) => {
    if (authorityEnd < hostEnd) {
      AUTHORITY_END.lastIndex = hostEnd;
      authorityEnd = AUTHORITY_END.exec(text)?.index ?? text.length;
    }
    if (text[authorityEnd] === '@') return true;
    if (SCHEME.test(text.slice(candidate.start, candidate.end))) return false;
    while (nextEmail < emails.length && (emails[nextEmail]?.end ?? 0) <= candidate.start) nextEmail++;
    const email = emails[nextEmail];
    return email !== undefined && email.start < candidate.end;
  };
}

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * Drops sentence punctuation after a link, and a closing parenthesis that closes one opened
 * before the link: "(see example.com/a)" → "example.com/a", but "…/Foo_(bar)" keeps its own.
 */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, '');
    if (trimmed.endsWith(')') && count(trimmed, ')') > count(trimmed, '(')) url = trimmed.slice(0, -1);
    else if (trimmed !== url) url = trimmed;
    else return url;
  }
}

export interface UrlInText {
  /** The link with https:// added when it had no scheme. */
  url: string;
  /** Where the link (as typed, after trimming) starts and ends in the text. */
  start: number;
  end: number;
}

/** The first valid link in `text` and where it is, or null (the composer also needs its end). */
export function findFirstUrlMatch(text: string): UrlInText | null {
  const isPartOfEmail = emailDetector(text);
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const typed = trimTrailing(match[0]);
    const candidate = { start: match.index, end: match.index + typed.length };
    if (isPartOfEmail(candidate, match.index + (match[1] ?? '').length)) continue;
    const url = SCHEME.test(typed) ? typed : `https://${typed}`;
    if (isValidUrl(url)) return { url, ...candidate };
  }
  return null;
}

/**
 * The first link in a text, with https:// added when it has no scheme, or null
 * (docs/spec.md#finding-and-normalising-a-link).
 */
export function findFirstUrl(text: string): string | null {
  return findFirstUrlMatch(text)?.url ?? null;
}
