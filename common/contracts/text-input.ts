/**
 * The one rule for text the API reads: path segments, query parameters, JSON strings and keys,
 * multipart text fields. Text is refused when it holds
 * - a control character (Unicode category Cc: U+0000–U+001F, U+007F–U+009F) other than tab,
 *   line feed and carriage return: NUL cannot be stored in PostgreSQL text and ends SQLite's
 *   full-text query strings early, and the others are invisible and have no place in a name,
 *   a search or a note;
 * - a lone surrogate (half of a UTF-16 pair): not a character at all, it cannot be written as
 *   UTF-8, so each database would store something else than what was sent.
 * Post bodies are the exception: their sanitiser removes these characters instead (see the
 * README's "Post bodies").
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const REFUSED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_TEXT_MESSAGE =
  'Remove control characters (tabs and line breaks are fine) and broken characters from this text.';

export function isAcceptableText(text: string): boolean {
  return !REFUSED_CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * Where in a decoded value (strings, arrays, plain objects, as JSON.parse makes them) refused
 * text is, as a dotted path (`images.0.alt`; `''` for the value itself), or null when there is
 * none. Keys count as text too. Walks with its own stack: a deeply nested body cannot overflow it.
 */
export function findUnacceptableText(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const within = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (!isAcceptableText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push({ value: item, path: within(path, i) }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (!isAcceptableText(key)) return path;
        pending.push({ value: item, path: within(path, key) });
      }
    }
  }
  return null;
}
