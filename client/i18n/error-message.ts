import { formatMessage, type MessageValues } from './format-message';
import { getI18n } from './i18n-store';
import { SOURCE_LOCALE } from './locales';

/** The catalogue of the API's errors, by code (`messages/<locale>/errors.json`). */
const ERRORS_NAMESPACE = 'errors';

/**
 * An error's text in the current language, found by its code. In English it is the text given:
 * the server's, which may word the case more precisely than its code's usual message.
 */
export function errorMessage(code: string, english: string, values?: MessageValues): string {
  const { locale, catalogs } = getI18n();
  const message = locale === SOURCE_LOCALE ? undefined : catalogs[ERRORS_NAMESPACE]?.[code];
  return message === undefined ? english : formatMessage(locale, message, values);
}
