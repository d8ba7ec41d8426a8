/**
 * The languages the app speaks. English is the source: its messages live beside the code that
 * shows them; the others are loaded as one chunk per language when chosen.
 */
export const LOCALES = ['en', 'pt', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE = 'en' satisfies Locale;

/** Each language by its own name, as a language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  pt: 'Português',
  de: 'Deutsch',
};

/** Where this device keeps the language someone chose (unset: follow the browser). */
export const LOCALE_STORAGE_KEY = 'tidings.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages we speak, by its primary subtag (`pt-BR` → `pt`,
 * `de-AT` → `de`); English when none is.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return SOURCE_LOCALE;
}

/**
 * The built page that starts the app in a language: index.html for English, index.<locale>.html
 * (its loading frame in that language) for the others. The server and the service worker both
 * send the one of the browser's language.
 */
export function shellPageOf(locale: Locale): string {
  return locale === SOURCE_LOCALE ? 'index.html' : `index.${locale}.html`;
}
