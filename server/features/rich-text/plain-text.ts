/** A tag, end tag, comment, doctype or processing instruction: anything that makes input HTML. */
const MARKUP = /<\/?[A-Za-z]|<!|<\?/;
const BLANK_LINES = /\n[^\S\n]*\n\s*/;

/** Input with no markup at all is plain text (API clients, old composers), not HTML. */
export function isPlainText(input: string): boolean {
  return !MARKUP.test(input);
}

/** Blank-line-separated paragraphs become `<p>`, single newlines `<br>`; text is escaped. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(BLANK_LINES)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
