import { POST_LINK_SCHEMES } from '../../../common/rich-text/post-schema';

/** Whitespace and C0 controls browsers ignore inside a scheme (`java\tscript:`), removed before checking. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** What linkify hands the autolinker for `example.com` or `ana@example.com`: a host, no scheme yet. */
const BARE_HOST_OR_ADDRESS = /^(?:[^\s/?#:@]+@)?[^\s/?#:@]+\.[^\s/?#:@]+(?:[/?#]\S*)?$/;

function schemeOf(url: string): string | null {
  return SCHEME.exec(url.replace(IGNORED_IN_SCHEME, ''))?.[1]?.toLowerCase() ?? null;
}

function hasPostScheme(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme !== null && (POST_LINK_SCHEMES as readonly string[]).includes(scheme);
}

/**
 * The editor's link gate (TipTap's `isAllowedUri`): http, https and mailto only. A bare host or
 * address also passes, because the autolinker checks the text it found (`example.com`) and then
 * adds the scheme itself; relative and every other kind of href are refused.
 */
export function isAllowedLinkHref(url: string | undefined): boolean {
  if (!url) return false;
  return hasPostScheme(url) || (schemeOf(url) === null && BARE_HOST_OR_ADDRESS.test(url.trim()));
}

/**
 * What someone typed into the link field, as an href to store, or null when it cannot be one:
 * `example.com/x` becomes `https://example.com/x`, `ana@example.com` becomes a mailto link.
 */
export function normalizeLinkInput(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  if (schemeOf(text) !== null) return hasPostScheme(text) && parses(text) ? text : null;
  if (/^[^/@]+@[^/@]+\.[^/@]+$/.test(text)) return `mailto:${text}`;
  const candidate = `https://${text.replace(/^\/+/, '')}`;
  return parses(candidate) && new URL(candidate).hostname.includes('.') ? candidate : null;
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}
