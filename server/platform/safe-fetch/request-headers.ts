/**
 * What every outbound request says about itself (docs/spec.md#outbound-requests): HTML
 * preferred, English, a desktop browser agent. Bot walls answer a library's default agent with a
 * captcha page.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';

export const REQUEST_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': BROWSER_USER_AGENT,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};
