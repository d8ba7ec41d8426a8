/**
 * Character references left in text that never went through the HTML parser (JSON-LD strings,
 * which sites often HTML-escape: `Ferris Bueller&apos;s`). Numeric references and the few named
 * ones such text uses; anything else is left as it is rather than guessed.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g;
const MAX_CODE_POINT = 0x10ffff;

function fromCodePoint(code: number, original: string): string {
  // NUL and surrogates are not characters; keep the text as written.
  if (code === 0 || code > MAX_CODE_POINT || (code >= 0xd800 && code <= 0xdfff)) return original;
  return String.fromCodePoint(code);
}

export function decodeCharacterReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10), match);
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16), match);
    return NAMED[name ?? ''] ?? match;
  });
}
