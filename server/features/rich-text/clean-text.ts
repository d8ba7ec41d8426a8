// Characters an HTML parser drops or rewrites (NUL, CR) or that only hide content; removing them
// makes the stored HTML parse back to exactly the text it was written from.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFEFF]/g;
const LINE_BREAKS = /\r\n?/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(INVISIBLE_CONTROLS, '').replace(LONE_SURROGATES, '');
}
