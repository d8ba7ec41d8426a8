import { readdirSync } from 'node:fs';
import Negotiator from 'negotiator';

/** The build's pages for languages other than English: index.<locale>.html (client/i18n/localized-shells-plugin.ts). */
const LOCALIZED_PAGE = /^index\.([a-z]{2,3})\.html$/;

/** The languages `clientDir` has a page of its own for, by their primary subtag. */
export function localizedPageLanguages(clientDir: string): string[] {
  return readdirSync(clientDir).flatMap((file) => LOCALIZED_PAGE.exec(file)?.[1] ?? []);
}

/**
 * The page file for a browser's Accept-Language, by the rule the app itself follows: the first of
 * the browser's languages (most preferred first) that the app speaks, by primary subtag; English,
 * index.html, when that comes first or none matches. Someone who chose another language in
 * Settings still gets it: the app applies their choice as it starts.
 */
export function pageFileFor(acceptLanguage: string | undefined, languages: readonly string[]): string {
  if (!acceptLanguage || languages.length === 0) return 'index.html';
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase() ?? '';
    if (primary === 'en') return 'index.html';
    if (languages.includes(primary)) return `index.${primary}.html`;
  }
  return 'index.html';
}
