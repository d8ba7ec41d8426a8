import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Language = 'en' | 'pt' | 'de';

/** A browser's language setting for each of the app's languages. */
export const BROWSER_LOCALE: Record<Language, string> = { en: 'en-US', pt: 'pt-BR', de: 'de-DE' };

const MESSAGES_DIR = join(import.meta.dirname, '..', '..', 'client', 'i18n', 'messages');

/**
 * A plain-text message as a language's catalogue has it: a test that opens the app in German
 * looks for the German catalogue's words, so a reworded translation does not break it, and a text
 * left in English does.
 */
export function message(language: Language, namespace: string, key: string): string {
  const catalogue = JSON.parse(
    readFileSync(join(MESSAGES_DIR, language, `${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;
  const text = catalogue[key];
  if (typeof text !== 'string' || /[{}<]/.test(text)) {
    throw new Error(`${language}/${namespace}.json "${key}" is not a plain-text message`);
  }
  return text;
}
