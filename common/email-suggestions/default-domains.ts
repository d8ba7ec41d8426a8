/**
 * Default suggestion lists. The first entries of each list are mailcheck 1.1.1's defaults, verbatim
 * and in their original order: the closest-domain search keeps the *first* of equally distant
 * candidates, so appending (never inserting) keeps every original tie-break — and so every
 * original suggestion — unchanged. Additions are today's large consumer providers.
 *
 * Adding a full domain also makes it "exact", which suppresses suggestions for it; adding a
 * second-level or top-level domain makes every combination of listed second-level + top-level
 * domains exempt from suggestions. Be conservative: a short entry (e.g. "co") attracts typos of
 * longer ones ("hotmail.co" would stop being corrected to "hotmail.com").
 */

export const DEFAULT_DOMAINS: readonly string[] = Object.freeze([
  // mailcheck 1.1.1
  'msn.com',
  'bellsouth.net',
  'telus.net',
  'comcast.net',
  'optusnet.com.au',
  'earthlink.net',
  'qq.com',
  'sky.com',
  'icloud.com',
  'mac.com',
  'sympatico.ca',
  'googlemail.com',
  'att.net',
  'xtra.co.nz',
  'web.de',
  'cox.net',
  'gmail.com',
  'ymail.com',
  'aim.com',
  'rogers.com',
  'verizon.net',
  'rocketmail.com',
  'google.com',
  'optonline.net',
  'sbcglobal.net',
  'aol.com',
  'me.com',
  'btinternet.com',
  'charter.net',
  'shaw.ca',
  // Added by Tidings
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'fastmail.com',
  'zoho.com',
  'yandex.com',
  'pm.me',
]);

export const DEFAULT_SECOND_LEVEL_DOMAINS: readonly string[] = Object.freeze([
  // mailcheck 1.1.1
  'yahoo',
  'hotmail',
  'mail',
  'live',
  'outlook',
  'gmx',
  // Added by Tidings
  'icloud',
  'protonmail',
]);

export const DEFAULT_TOP_LEVEL_DOMAINS: readonly string[] = Object.freeze([
  // mailcheck 1.1.1 (including its duplicate "net", kept so the list is a verbatim prefix)
  'com',
  'com.au',
  'com.tw',
  'ca',
  'co.nz',
  'co.uk',
  'de',
  'fr',
  'it',
  'ru',
  'net',
  'org',
  'edu',
  'gov',
  'jp',
  'nl',
  'kr',
  'se',
  'eu',
  'ie',
  'co.il',
  'us',
  'at',
  'be',
  'dk',
  'hk',
  'es',
  'gr',
  'ch',
  'no',
  'cz',
  'in',
  'net',
  'net.au',
  'info',
  'biz',
  'mil',
  'co.jp',
  'sg',
  'hu',
  // Added by Tidings
  'me',
  'io',
  'dev',
  'app',
  'ai',
  'co.in',
  'com.br',
  'br',
  'pl',
  'pt',
  'mx',
  'com.mx',
  'co.za',
  'cn',
  'fi',
]);
