import { POST_LINK_SCHEMES } from '../../../common/rich-text/post-schema';

const ALLOWED_PROTOCOLS = new Set<string>(POST_LINK_SCHEMES.map((scheme) => `${scheme}:`));
const STARTS_WITH_ALLOWED_SCHEME = new RegExp(`^(${POST_LINK_SCHEMES.join('|')}):`, 'i');
// The URL parser drops tab, CR and LF anywhere; removing them here stores what a browser follows.
const URL_IGNORED_CHARACTERS = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * The href an outside link keeps, or null when the link must go (its text stays). sanitize-html
 * has already dropped bad schemes; this second, stricter check also refuses relative and
 * scheme-less URLs, which are not http(s) or mailto links at all.
 */
export function safeLinkHref(raw: string): string | null {
  const href = raw.replace(URL_IGNORED_CHARACTERS, '').trim();
  if (!STARTS_WITH_ALLOWED_SCHEME.test(href) || CONTROL_CHARACTERS.test(href)) return null;
  try {
    return ALLOWED_PROTOCOLS.has(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}
