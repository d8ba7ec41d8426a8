import { TextDecoder } from 'node:util';
import { CHARSET_PRESCAN_BYTES } from './limits';

/**
 * Choosing the encoding of an HTML page the way browsers do (HTML "encoding sniffing"):
 * byte order mark, then the Content-Type charset, then `<meta charset>` / http-equiv in the
 * first 1024 bytes, then UTF-8. Labels are WHATWG encoding labels, so "iso-8859-1" and
 * "latin1" decode as windows-1252 exactly like in a browser.
 */

export type CharsetSource = 'bom' | 'header' | 'meta' | 'default';

export interface CharsetChoice {
  /** Canonical WHATWG name, e.g. "utf-8", "windows-1251", "shift_jis". */
  encoding: string;
  source: CharsetSource;
}

const DEFAULT_ENCODING = 'utf-8';

/** The canonical name of a WHATWG encoding label, or null when TextDecoder does not know it. */
export function canonicalEncoding(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

const META_TAG = /<meta(?=[\s/])([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const CHARSET_IN_CONTENT = /charset\s*=\s*["']?([^\s"';]+)/i;

function metaAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

function metaLabel(attributes: Map<string, string>): string | null {
  const charset = attributes.get('charset');
  if (charset) return charset;
  if (attributes.get('http-equiv')?.toLowerCase() !== 'content-type') return null;
  return CHARSET_IN_CONTENT.exec(attributes.get('content') ?? '')?.[1] ?? null;
}

/** The encoding declared by a `<meta>` in the first bytes of the page, if any. */
export function prescanMetaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, CHARSET_PRESCAN_BYTES)).toString('latin1');
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of withoutComments.matchAll(META_TAG)) {
    const label = metaLabel(metaAttributes(tag[1] ?? ''));
    const encoding = label === null ? null : canonicalEncoding(label);
    if (encoding === null) continue;
    // A page cannot declare itself UTF-16 from inside (its bytes were ASCII-readable).
    if (encoding.startsWith('utf-16')) return 'utf-8';
    return encoding === 'x-user-defined' ? 'windows-1252' : encoding;
  }
  return null;
}

/** Picks the encoding from the first bytes of the body and the header's charset parameter. */
export function chooseCharset(firstBytes: Uint8Array, headerCharset: string | null): CharsetChoice {
  const bom = bomEncoding(firstBytes);
  if (bom) return { encoding: bom, source: 'bom' };
  const fromHeader = headerCharset === null ? null : canonicalEncoding(headerCharset);
  if (fromHeader && fromHeader !== 'replacement') return { encoding: fromHeader, source: 'header' };
  const fromMeta = prescanMetaCharset(firstBytes);
  if (fromMeta && fromMeta !== 'replacement') return { encoding: fromMeta, source: 'meta' };
  return { encoding: DEFAULT_ENCODING, source: 'default' };
}
