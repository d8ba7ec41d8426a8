import type { PageTags } from './tag-collector';

/**
 * The site name, in metascraper's order: JSON-LD `publisher.name` (the publication, e.g. a
 * Medium publication rather than "Medium"), og:site_name, `application-name`, `publisher` meta,
 * and last the suffix of the `<title>` ("Bob Dylan - Wikipedia"). A JSON-LD publisher that is
 * only a reference to another node (metascraper does not follow those) comes after og:site_name:
 * it is the site-wide organisation, often a legal or unaccented name ("Milano Citta Stato").
 */

/**
 * metascraper's title separators: `-` or `|` followed by whitespace; we also want whitespace (or
 * the start) before, so "well- known" never splits. En and em dashes are not separators:
 * "Transistor | #032 – Before and After" names "#032 – Before and After".
 */
const TITLE_SEPARATOR = /(?:^|\s)[-|]\s+/g;
// "Title - by Author" is a byline (Substack, Medium), not the site.
const BYLINE = /^by\s/i;

/** The part after the last separator of a title, if it has one and it is not a byline. */
export function titleSuffix(title: string | null): string | null {
  if (title === null) return null;
  const collapsed = title.replace(/\s+/g, ' ').trim();
  let start = -1;
  for (const match of collapsed.matchAll(TITLE_SEPARATOR)) start = match.index + match[0].length;
  if (start < 0) return null;
  const suffix = collapsed.slice(start).trim();
  return suffix === '' || BYLINE.test(suffix) ? null : suffix;
}

/** A site name the page states (everything but the title guess), first in priority order. */
export function declaredSiteName(tags: PageTags): string | null {
  return (
    tags.jsonLd.publisherName ??
    tags.metas.get('og:site_name') ??
    tags.jsonLd.linkedPublisherName ??
    tags.metas.get('application-name') ??
    tags.metas.get('publisher') ??
    null
  );
}

export function siteNameOf(tags: PageTags): string | null {
  return declaredSiteName(tags) ?? titleSuffix(tags.documentTitle);
}
