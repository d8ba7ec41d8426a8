/**
 * The Vary value that adds Accept-Encoding to `current` (a header value as Node stores it), or
 * null when it is there already: an answer that may be encoded differently for another request
 * must tell caches to key on Accept-Encoding.
 */
export function varyWithAcceptEncoding(current: unknown): string | null {
  const present = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(present)) return null;
  return present ? `${present}, accept-encoding` : 'accept-encoding';
}
