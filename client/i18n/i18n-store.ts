import type { Catalog } from './compiled-message';
import { isLocale, LOCALE_STORAGE_KEY, matchLocale, SOURCE_LOCALE, type Locale } from './locales';

/** The language the app speaks now and, for a language other than English, its catalogues. */
export interface I18nState {
  readonly locale: Locale;
  readonly catalogs: Readonly<Record<string, Catalog>>;
}

type TranslatedLocale = Exclude<Locale, typeof SOURCE_LOCALE>;

const BUNDLES: Record<TranslatedLocale, () => Promise<{ default: Record<string, Catalog> }>> = {
  pt: () => import('./bundles/pt'),
  de: () => import('./bundles/de'),
};

let state: I18nState = { locale: SOURCE_LOCALE, catalogs: {} };
/** The language asked for last: a slower chunk arriving after a later choice is not applied. */
let wanted: Locale = SOURCE_LOCALE;
const listeners = new Set<() => void>();

export function getI18n(): I18nState {
  return state;
}

export function subscribeI18n(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads a language's catalogues, then switches the whole app to it at once. */
export async function switchLanguage(locale: Locale): Promise<void> {
  wanted = locale;
  const catalogs = locale === SOURCE_LOCALE ? {} : (await BUNDLES[locale]()).default;
  if (locale !== wanted) return;
  state = { locale, catalogs };
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** The language this device chose in Settings, if it chose one. */
export function chosenLanguage(): Locale | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    // Storage can be refused (a private window's settings): the browser's language then.
    return null;
  }
}

/** Keeps the choice on this device; `null` goes back to following the browser. */
export function rememberLanguage(locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    else localStorage.removeItem(LOCALE_STORAGE_KEY);
  } catch {
    // Not kept: the app still speaks the language until the page is closed.
  }
}

export function browserLanguage(): Locale {
  return matchLocale(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

/** Before the first render: the chosen language, else the browser's, with its catalogues loaded. */
export function startLanguage(): Promise<void> {
  return switchLanguage(chosenLanguage() ?? browserLanguage());
}
