import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import {
  formatMessage,
  formatMessageParts,
  formatRichMessage,
  type MessageValues,
  type PartValues,
  type RichMessageValues,
} from './format-message';
import { getI18n, subscribeI18n, type I18nState } from './i18n-store';
import type { Locale } from './locales';
import type { MessageNamespace } from './message-namespace';

/** A namespace's messages in the current language: `t('key', values)`, `t.rich('key', tags)`. */
export interface Translate<Key extends string> {
  (key: Key, values?: MessageValues): string;
  rich(key: Key, values: RichMessageValues): ReactNode;
  /** The message's pieces, each tag's words turned into what its function makes of them. */
  parts<Part>(key: Key, values: PartValues<Part>): (string | Part)[];
}

function translator<Key extends string>(namespace: MessageNamespace<Key>, i18n: I18nState): Translate<Key> {
  // A language that lacks a message (the key check in the test command prevents it) shows English.
  const message = (key: Key) => i18n.catalogs[namespace.name]?.[key] ?? namespace.source[key];
  const t = (key: Key, values?: MessageValues) => formatMessage(i18n.locale, message(key), values);
  t.rich = (key: Key, values: RichMessageValues) => formatRichMessage(i18n.locale, message(key), values);
  t.parts = <Part>(key: Key, values: PartValues<Part>) =>
    formatMessageParts<Part>(i18n.locale, message(key), values);
  return t;
}

/** The current language's wording, re-rendering the component when the language changes. */
export function useT<Key extends string>(namespace: MessageNamespace<Key>): Translate<Key> {
  const i18n = useSyncExternalStore(subscribeI18n, getI18n);
  return useMemo(() => translator(namespace, i18n), [namespace, i18n]);
}

/** For code outside components (a toast's text, a document title): the language of the moment. */
export function translate<Key extends string>(namespace: MessageNamespace<Key>): Translate<Key> {
  return translator(namespace, getI18n());
}

/** The current language, for `Intl` formats (dates, numbers, relative times). */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeI18n, getI18n).locale;
}

export function currentLocale(): Locale {
  return getI18n().locale;
}
