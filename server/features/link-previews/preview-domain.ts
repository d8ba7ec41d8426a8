import { parse as parseDomain } from 'tldts';

/**
 * What a card shows as the site (docs/spec.md#the-preview-and-its-card): the host without
 * "www." and without its public suffix, per the public-suffix list — www.bbc.co.uk → bbc,
 * blog.example.com → blog.example.
 * IP addresses are shown whole; "" when there is no host. Computed here rather than in the
 * browser, which would otherwise download the whole list to label a card.
 */
export function previewDomain(url: string): string {
  const { hostname, publicSuffix, isIp } = parseDomain(url);
  if (!hostname) return '';
  if (isIp) return hostname;
  const host = hostname.replace(/^www\./, '');
  if (!publicSuffix || host === publicSuffix) return host;
  return host.endsWith(`.${publicSuffix}`) ? host.slice(0, -(publicSuffix.length + 1)) : host;
}
