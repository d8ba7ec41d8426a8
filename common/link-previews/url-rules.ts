/**
 * URL rules shared by the composer (finding the link to preview) and the preview proxy
 * (spec §5): trailing `. , ; ! ?` is removed, `https://` is added when there is no scheme,
 * and a URL is valid only if it parses, is http(s) and its host has at least two
 * dot-separated parts, none of them empty.
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
