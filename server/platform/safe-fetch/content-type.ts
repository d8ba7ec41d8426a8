/** Reading the Content-Type header of an answer. */

export interface ContentType {
  /** Lower-case MIME essence ("text/html"), or "" when the header is missing or empty. */
  mimeType: string;
  /** The charset parameter without quotes, or null. */
  charset: string | null;
}

const CHARSET_PARAMETER = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]+))/i;

export function parseContentType(header: string | undefined): ContentType {
  if (!header) return { mimeType: '', charset: null };
  const mimeType = (header.split(';')[0] ?? '').trim().toLowerCase();
  const match = CHARSET_PARAMETER.exec(header);
  const charset = (match?.[1] ?? match?.[2] ?? '').trim();
  return { mimeType, charset: charset.length > 0 ? charset : null };
}

/**
 * Whether the body is read as an HTML document. A missing type is read as HTML too (browsers
 * sniff, and many small servers send none); XHTML is HTML, not an "application" media file.
 */
export function isHtmlType(mimeType: string): boolean {
  return mimeType === '' || mimeType === 'text/html' || mimeType === 'application/xhtml+xml';
}
