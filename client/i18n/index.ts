export type { CompiledMessage, Catalog } from './compiled-message';
export type { MessageValues, RichMessageValues } from './format-message';
export {
  browserLanguage,
  chosenLanguage,
  rememberLanguage,
  startLanguage,
  switchLanguage,
} from './i18n-store';
export { LOCALE_NAMES, LOCALES, matchLocale, type Locale } from './locales';
export { errorMessage } from './error-message';
export { defineMessages, type MessageNamespace } from './message-namespace';
export { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-formats';
export { currentLocale, translate, useLocale, useT, type Translate } from './use-t';
