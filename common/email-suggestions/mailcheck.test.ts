import { describe, it, expect } from 'vitest';
import {
  DEFAULT_DOMAINS,
  DEFAULT_SECOND_LEVEL_DOMAINS,
  DEFAULT_TOP_LEVEL_DOMAINS,
  DOMAIN_THRESHOLD,
  Mailcheck,
  SECOND_LEVEL_THRESHOLD,
  TOP_LEVEL_THRESHOLD,
  encodeEmail,
  findClosestDomain,
  sift3Distance,
  splitEmail,
  suggestEmail,
} from './mailcheck';
import type { MailSuggestion, MailcheckRunOptions, SuggestOptions } from './mailcheck';

/** mailcheck 1.1.1's default lists, copied from its source; ours must start with them verbatim. */
const MAILCHECK_DOMAINS = [
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
];
const MAILCHECK_SECOND_LEVEL_DOMAINS = ['yahoo', 'hotmail', 'mail', 'live', 'outlook', 'gmx'];
const MAILCHECK_TOP_LEVEL_DOMAINS = [
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
];
const MAILCHECK_LISTS: SuggestOptions = {
  domains: MAILCHECK_DOMAINS,
  secondLevelDomains: MAILCHECK_SECOND_LEVEL_DOMAINS,
  topLevelDomains: MAILCHECK_TOP_LEVEL_DOMAINS,
};

const fullOf = (suggestion: MailSuggestion | null): string | null => suggestion?.full ?? null;

/** Runs `Mailcheck.run` and records which callbacks fired. */
function runCounting(options: Omit<MailcheckRunOptions, 'suggested' | 'empty'>) {
  const suggested: MailSuggestion[] = [];
  let empty = 0;
  const result = Mailcheck.run({ ...options, suggested: (s) => suggested.push(s), empty: () => empty++ });
  return { result, suggested, empty };
}

describe('suggestEmail', () => {
  it.each([
    ['user@gmial.com', 'user@gmail.com'],
    ['user@hotmial.con', 'user@hotmail.com'],
    ['user@yahoo.com', null],
    ['user@gmail.co', 'user@gmail.com'],
    ['user@yaho.com', 'user@yahoo.com'],
    ['x@outlok.com', 'x@outlook.com'],
    ['x@icloud.cm', 'x@icloud.com'],
    ['Test.User+tag@GMIAL.COM', 'Test.User+tag@gmail.com'],
    ['x@company-internal.example', null],
    ['  user@gmial.com  ', 'user@gmail.com'],
    ['"a@b"@gmial.com', '"a@b"@gmail.com'],
    ['user@GMAIL.COM', null],
    ['user@proton.me', null],
    ['user@protonmial.com', 'user@protonmail.com'],
  ])('%j → %j', (email, expected) => {
    expect(fullOf(suggestEmail(email))).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'foo',
    'a@b',
    '@gmail.com',
    'user@',
    'a@@b.com',
    'a b@gmial.com',
    'a\tb@gmial.com',
    'a@.com',
  ])('gives no suggestion for malformed %j', (email) => {
    expect(suggestEmail(email)).toBeNull();
  });

  it('fills address, domain and full, keeping the local part as typed', () => {
    expect(suggestEmail('Test.User+tag@GMIAL.COM')).toEqual({
      address: 'Test.User+tag',
      domain: 'gmail.com',
      full: 'Test.User+tag@gmail.com',
    });
  });

  it('returns plain text: no percent-encoding of the local part', () => {
    expect(fullOf(suggestEmail('josé<x>@gmial.com'))).toBe('josé<x>@gmail.com');
  });

  it('never suggests the address that was typed', () => {
    const always = () => 0;
    expect(
      suggestEmail('user@Example.COM', { domains: ['example.com'], distanceFunction: always }),
    ).toBeNull();
  });
});

describe('suggestEmail options', () => {
  it('uses custom domains instead of the defaults', () => {
    const domains = ['tidings.example'];
    expect(fullOf(suggestEmail('a@tidngs.example', { domains }))).toBe('a@tidings.example');
    expect(
      fullOf(suggestEmail('a@gmial.com', { domains, secondLevelDomains: [], topLevelDomains: [] })),
    ).toBeNull();
  });

  it('uses custom top-level and second-level domains', () => {
    const options = { domains: [], secondLevelDomains: ['acme'], topLevelDomains: ['dev', 'com'] };
    expect(fullOf(suggestEmail('a@acne.dve', options))).toBe('a@acme.dev');
    expect(suggestEmail('a@acme.dev', options)).toBeNull();
    // "de" is a default top-level domain, but not in the custom list.
    expect(fullOf(suggestEmail('a@acme.de', options))).toBe('a@acme.dev');
  });

  it('uses a custom distance function', () => {
    const calls: Array<[string, string]> = [];
    const distanceFunction = (a: string, b: string) => {
      calls.push([a, b]);
      return b === 'chosen.example' ? 0 : 100;
    };
    const options = { domains: ['other.example', 'chosen.example'], distanceFunction };
    expect(fullOf(suggestEmail('a@whatever.org', options))).toBe('a@chosen.example');
    expect(calls).toContainEqual(['whatever.org', 'chosen.example']);
  });

  it('honours thresholds, including 0 as "exact only"', () => {
    // sift3("gmial.com", "gmail.com") is 2, exactly the default threshold.
    expect(fullOf(suggestEmail('a@gmial.com'))).toBe('a@gmail.com');
    const strict = { domainThreshold: 1.5, secondLevelThreshold: 0, topLevelThreshold: 0 };
    expect(suggestEmail('a@gmial.com', strict)).toBeNull();
    expect(fullOf(suggestEmail('a@gmaiil.coom', { domainThreshold: 3 }))).toBe('a@gmail.com');
    // mailcheck read a threshold of 0 as "use the default (2)".
    expect(findClosestDomain('gmial', ['gmail'], undefined, 0)).toBe(false);
    expect(findClosestDomain('gmial', ['gmail'])).toBe('gmail');
  });

  it('exports the thresholds of 2', () => {
    expect([DOMAIN_THRESHOLD, SECOND_LEVEL_THRESHOLD, TOP_LEVEL_THRESHOLD]).toEqual([2, 2, 2]);
    expect([Mailcheck.domainThreshold, Mailcheck.secondLevelThreshold, Mailcheck.topLevelThreshold]).toEqual([
      2, 2, 2,
    ]);
  });
});

describe('default lists', () => {
  it("start with mailcheck 1.1.1's lists, in order, so its tie-breaks still hold", () => {
    expect(DEFAULT_DOMAINS.slice(0, MAILCHECK_DOMAINS.length)).toEqual(MAILCHECK_DOMAINS);
    expect(DEFAULT_SECOND_LEVEL_DOMAINS.slice(0, 6)).toEqual(MAILCHECK_SECOND_LEVEL_DOMAINS);
    expect(DEFAULT_TOP_LEVEL_DOMAINS.slice(0, MAILCHECK_TOP_LEVEL_DOMAINS.length)).toEqual(
      MAILCHECK_TOP_LEVEL_DOMAINS,
    );
  });

  it.each(['outlook.com', 'icloud.com', 'proton.me', 'protonmail.com', 'gmx.com', 'yahoo.co.uk'])(
    'include %s',
    (domain) => {
      expect(DEFAULT_DOMAINS).toContain(domain);
    },
  );

  it('are frozen, and the Mailcheck object has its own copies', () => {
    expect(Object.isFrozen(DEFAULT_DOMAINS)).toBe(true);
    expect(Mailcheck.defaultDomains).toEqual(DEFAULT_DOMAINS);
    expect(Mailcheck.defaultDomains).not.toBe(DEFAULT_DOMAINS);
  });
});

describe('Mailcheck.run', () => {
  it('calls only `suggested` when there is a suggestion, and returns it', () => {
    const { result, suggested, empty } = runCounting({ email: 'test@gmail.co' });
    expect(suggested).toEqual([{ address: 'test', domain: 'gmail.com', full: 'test@gmail.com' }]);
    expect(empty).toBe(0);
    expect(result).toEqual(suggested[0]);
  });

  it.each(['contact@kicksend.com', 'user@gmail.com', 'a@b', '', '\ud800@gmial.com'])(
    'calls only `empty` for %j and returns undefined',
    (email) => {
      const { result, suggested, empty } = runCounting({ email });
      expect(suggested).toHaveLength(0);
      expect(empty).toBe(1);
      expect(result).toBeUndefined();
    },
  );

  it('works without callbacks', () => {
    expect(Mailcheck.run({ email: 'test@gmail.co' })?.full).toBe('test@gmail.com');
    expect(Mailcheck.run({ email: 'test@gmail.com' })).toBeUndefined();
  });

  it('takes the same options as suggestEmail', () => {
    const { result } = runCounting({ email: 'test@emaildomain.con', domains: ['emaildomain.com'] });
    expect(result?.full).toBe('test@emaildomain.com');
  });

  it('encodes the local part like mailcheck, for callers that write it into HTML', () => {
    expect(Mailcheck.run({ email: '<b>@gmial.com' })?.full).toBe('%3Cb%3E@gmail.com');
    expect(Mailcheck.run({ email: 'a{{b@gmial.com' })?.full).toBe('a{{b@gmail.com');
  });

  it('sees additions to Mailcheck.defaultDomains, as mailcheck documents', () => {
    expect(Mailcheck.run({ email: 'a@tidngs.example' })).toBeUndefined();
    Mailcheck.defaultDomains.push('tidings.example');
    try {
      expect(Mailcheck.run({ email: 'a@tidngs.example' })?.full).toBe('a@tidings.example');
      expect(suggestEmail('a@tidngs.example')).toBeNull();
    } finally {
      Mailcheck.defaultDomains.pop();
    }
  });
});

describe('Mailcheck helpers (ported from the mailcheck 1.1.1 spec)', () => {
  const domains = [
    'google.com',
    'gmail.com',
    'emaildomain.com',
    'comcast.net',
    'facebook.com',
    'msn.com',
    'gmx.de',
  ];
  const secondLevelDomains = ['yahoo', 'hotmail', 'mail', 'live', 'outlook', 'gmx'];
  const topLevelDomains = ['co.uk', 'com', 'org', 'info', 'fr'];
  const suggestDomain = (email: string) =>
    Mailcheck.suggest(email, domains, secondLevelDomains, topLevelDomains) || null;

  it.each([
    ['test@emaildomain.co', 'emaildomain.com'],
    ['test@gmail.con', 'gmail.com'],
    ['test@gnail.con', 'gmail.com'],
    ['test@GNAIL.con', 'gmail.com'],
    ['test@#gmail.com', 'gmail.com'],
    ['test@comcast.nry', 'comcast.net'],
    ['test@homail.con', 'hotmail.com'],
    ['test@hotmail.co', 'hotmail.com'],
    ['test@yajoo.com', 'yahoo.com'],
    ['test@randomsmallcompany.cmo', 'randomsmallcompany.com'],
    ['test@yahooo.cmo', 'yahoo.com'],
    ['test@mail.randomsmallcompany.cmo', null],
    ['test@yahoo.co.uk', null],
    ['test@gmx.fr', null],
    ['contact@kicksend.com', null],
    ['', null],
    ['test@', null],
    ['test', null],
  ])('suggest(%j) → %j', (email, expected) => {
    expect(suggestDomain(email)?.domain ?? null).toBe(expected);
  });

  it('suggest skips the second-/top-level stage when those lists are not given', () => {
    expect(Mailcheck.suggest('test@gmail.co', domains)).toEqual({
      address: 'test',
      domain: 'gmail.com',
      full: 'test@gmail.com',
    });
    expect(Mailcheck.suggest('test@randomsmallcompany.cmo', domains)).toBe(false);
  });

  it('splitEmail splits at the last "@" and the first dot of the domain', () => {
    expect(splitEmail('test@mail.randomsmallcompany.co.uk')).toEqual({
      address: 'test',
      domain: 'mail.randomsmallcompany.co.uk',
      topLevelDomain: 'randomsmallcompany.co.uk',
      secondLevelDomain: 'mail',
    });
    expect(splitEmail(' "foo@bar"@example.com ')).toEqual({
      address: '"foo@bar"',
      domain: 'example.com',
      topLevelDomain: 'com',
      secondLevelDomain: 'example',
    });
    expect(Mailcheck.splitEmail).toBe(splitEmail);
  });

  it('splitEmail reads a domain without a dot as a top-level domain alone, as mailcheck does', () => {
    expect(splitEmail('postbox@com')).toEqual({
      address: 'postbox',
      domain: 'com',
      topLevelDomain: 'com',
      secondLevelDomain: '',
    });
  });

  it.each(['example.com', '@example.com', 'test@', 'a@@b.com', '"a b"@example.com', 'a@.com'])(
    'splitEmail(%j) is false',
    (email) => {
      expect(splitEmail(email)).toBe(false);
    },
  );

  it.each([
    ['emaildoman.com', domains, 'emaildomain.com'],
    ['gmsn.com', domains, 'msn.com'],
    ['gmaik.com', domains, 'gmail.com'],
    ['google.com', domains, 'google.com'],
    ['hotmial', secondLevelDomains, 'hotmail'],
    ['tahoo', secondLevelDomains, 'yahoo'],
    ['livr', secondLevelDomains, 'live'],
    ['outllok', secondLevelDomains, 'outlook'],
    ['cmo', topLevelDomains, 'com'],
    ['ogr', topLevelDomains, 'org'],
    ['ifno', topLevelDomains, 'info'],
    ['com.uk', topLevelDomains, 'co.uk'],
    ['zzzzzz', topLevelDomains, false],
  ] as const)('findClosestDomain(%j) → %j', (domain, list, expected) => {
    expect(findClosestDomain(domain, list)).toBe(expected);
    expect(Mailcheck.findClosestDomain(domain, list)).toBe(expected);
  });

  it('encodeEmail escapes markup but keeps characters valid in an address', () => {
    expect(encodeEmail('<script>alert("a")</script>@emaildomain.con')).not.toMatch(/<script>/);
    expect(encodeEmail(" g1!#$%&'*+-/=?^_`{|}@gmai.com")).toBe(" g1!#$%&'*+-/=?^_`{|}@gmai.com");
    expect(Mailcheck.encodeEmail).toBe(encodeEmail);
  });
});

describe('sift3Distance matches mailcheck 1.1.1', () => {
  // Values computed with mailcheck 1.1.1's Mailcheck.sift3Distance under Node.
  it.each([
    ['gmial.com', 'gmail.com', 2],
    ['hotmial.con', 'hotmail.com', 3],
    ['gmail.co', 'gmail.com', 0.5],
    ['cmo', 'com', 2],
    ['cm', 'com', 1.5],
    ['cm', 'ca', 1],
    ['yaho', 'yahoo', 0.5],
    ['outlok', 'outlook', 1.5],
    ['abc', 'xyz', 3],
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['comcast.co', 'comcast.net', 2.5],
    ['company-internal.example', 'comcast.net', 13.5],
    ['hotmial', 'hotmail', 2],
    ['ifno', 'info', 2],
  ])('sift3(%j, %j) = %d', (a, b, expected) => {
    expect(sift3Distance(a, b)).toBe(expected);
    expect(Mailcheck.sift3Distance(a, b)).toBe(expected);
  });
});

describe('parity with mailcheck 1.1.1', () => {
  // Expected values: mailcheck 1.1.1's Mailcheck.run with its own defaults, under Node. Some are
  // odd (gmail.net → mail.net, acme.ogr → acme.gr) but they are mailcheck's answers, kept on purpose.
  const cases: Array<[string, string | null]> = [
    ['jane@gmial.com', 'jane@gmail.com'],
    ['jane@gmai.com', 'jane@gmail.com'],
    ['jane@gmal.com', 'jane@gmail.com'],
    ['jane@gmaill.com', 'jane@gmail.com'],
    ['jane@gnail.com', 'jane@gmail.com'],
    ['jane@gamil.com', 'jane@gmail.com'],
    ['jane@gmail.co', 'jane@gmail.com'],
    ['jane@gmail.cm', 'jane@gmail.com'],
    ['jane@gmail.con', 'jane@gmail.com'],
    ['jane@gmail.cmo', 'jane@gmail.com'],
    ['jane@gmail.om', 'jane@gmail.com'],
    ['jane@gmail.vom', 'jane@gmail.com'],
    ['jane@gmail.xom', 'jane@gmail.com'],
    ['jane@gmail.comm', 'jane@gmail.com'],
    ['jane@gmail.ocm', 'jane@gmail.com'],
    ['jane@gmail.net', 'jane@mail.net'],
    ['bob@hotmial.com', 'bob@hotmail.com'],
    ['bob@hotmal.com', 'bob@hotmail.com'],
    ['bob@hotamil.com', 'bob@hotmail.com'],
    ['bob@hotmail.co', 'bob@hotmail.com'],
    ['bob@hotmail.con', 'bob@hotmail.com'],
    ['bob@hotmai.com', 'bob@hotmail.com'],
    ['bob@homail.com', 'bob@hotmail.com'],
    ['bob@hotmial.co.uk', 'bob@hotmail.co.uk'],
    ['amy@yaho.com', 'amy@yahoo.com'],
    ['amy@yahooo.com', 'amy@yahoo.com'],
    ['amy@yhoo.com', 'amy@yahoo.com'],
    ['amy@yajoo.com', 'amy@yahoo.com'],
    ['amy@yahoo.co.uk', null],
    ['amy@yahoo.fr', null],
    ['li@outlok.com', 'li@outlook.com'],
    ['li@outloo.com', 'li@outlook.com'],
    ['li@outllok.com', 'li@outlook.com'],
    ['kim@iclod.com', 'kim@icloud.com'],
    ['kim@icloud.co', 'kim@icloud.com'],
    ['kim@icoud.com', 'kim@icloud.com'],
    ['kim@iclould.com', 'kim@icloud.com'],
    ['ann@aol.co', 'ann@aol.com'],
    ['ann@aoll.com', 'ann@aol.com'],
    ['ann@comcast.nte', 'ann@comcast.net'],
    ['ann@comcast.ner', 'ann@comcast.net'],
    ['ann@verizon.nte', 'ann@verizon.net'],
    ['ann@sbcglobal.ner', 'ann@sbcglobal.net'],
    ['ann@att.ne', 'ann@att.net'],
    ['ann@googlemial.com', 'ann@googlemail.com'],
    ['ann@ymail.co', 'ann@ymail.com'],
    ['ann@btinternet.co', 'ann@btinternet.com'],
    ['ann@me.co', 'ann@me.com'],
    ['ann@gmx.fr', null],
    ['ann@live.co.uk', null],
    ['ann@randomsmallcompany.cmo', 'ann@randomsmallcompany.ca'],
    ['ann@mail.randomsmallcompany.cmo', null],
    ['ann@example.org', null],
    ['ann@university.edu', null],
    ['ann@acme.ogr', 'ann@acme.gr'],
    ['ann@acme.infi', 'ann@acme.in'],
    ['ann@gmail.com', null],
  ];

  it.each(cases)('%j → %j with the updated defaults', (email, expected) => {
    expect(fullOf(suggestEmail(email))).toBe(expected);
    expect(Mailcheck.run({ email })?.full ?? null).toBe(expected);
  });

  // Where the updated lists change mailcheck's answer; with its lists, the algorithm still agrees.
  it.each([
    ['bob@hotmail.cmo', 'bob@hotmail.ca', 'bob@hotmail.com'],
    ['amy@yahoo.cmo', 'amy@yahoo.ca', 'amy@yahoo.com'],
    ['li@outlook.cmo', 'li@outlook.ca', 'li@outlook.com'],
    ['x@fastmail.cm', 'x@fastmail.ca', 'x@fastmail.com'],
    ['x@gx.com', 'x@qq.com', 'x@gmx.com'],
    ['x@proton.me', 'x@proton.de', null],
    ['x@pm.me', 'x@gmx.de', null],
    ['x@company.dev', 'x@company.de', null],
    ['x@acme.io', 'x@acme.it', null],
    ['x@yahoo.co.in', 'x@yahoo.co.il', null],
  ])('%j: mailcheck lists → %j, updated lists → %j', (email, withMailcheckLists, withDefaults) => {
    expect(fullOf(suggestEmail(email, MAILCHECK_LISTS))).toBe(withMailcheckLists);
    expect(fullOf(suggestEmail(email))).toBe(withDefaults);
  });
});

describe('domains without their dot, or with a comma', () => {
  // Middle column: mailcheck 1.1.1's Mailcheck.run with its own lists, under Node. Tidings agrees
  // on all of these, with mailcheck's lists and with its own.
  it.each([
    ['user@gmailcom', 'user@gmail.com'],
    ['user@gmail,com', 'user@gmail.com'],
    ['user@gmail', 'user@gmail.com'],
    ['user@gmail,con', 'user@gmail.com'],
    ['user@gmail,co', 'user@gmail.com'],
    ['user@gmailcom.', 'user@gmail.com'],
    ['user@gmail.com,', 'user@gmail.com'],
    ['user@me', 'user@me.com'],
    ['user@qq', 'user@qq.com'],
    ['user@msn', 'user@msn.com'],
    ['x@aol', 'x@aol.com'],
    ['x@aolcom', 'x@aol.com'],
    ['user@ymail', 'user@ymail.com'],
    ['user@icloud', 'user@icloud.com'],
    ['user@icloudcom', 'user@icloud.com'],
    ['user@comcast', 'user@comcast.net'],
    ['user@comcastnet', 'user@comcast.net'],
    ['user@comcast,net', 'user@comcast.net'],
    ['user@verizon', 'user@verizon.net'],
    ['user@verizonnet', 'user@verizon.net'],
    ['user@sbcglobal', 'user@sbcglobal.net'],
    ['user@googlemailcom', 'user@googlemail.com'],
    ['user@web,de', 'user@web.de'],
    ['user@webde', 'user@web.de'],
    ['user@gmial', null],
    ['user@gmailcon', null],
    ['user@localhost', null],
    ['user@intranet', null],
    ['x@com', null],
    ['x@net', null],
  ])('%j → %j, as mailcheck', (email, expected) => {
    expect(fullOf(suggestEmail(email, MAILCHECK_LISTS))).toBe(expected);
    expect(fullOf(suggestEmail(email))).toBe(expected);
    expect(Mailcheck.run({ email })?.full ?? null).toBe(expected);
  });

  // Where Tidings deliberately differs (README, "E-mail typo suggestions"). Middle column:
  // mailcheck 1.1.1 with its lists; last: Tidings with the same lists.
  it.each([
    // A domain without a dot is only compared with whole domains: mailcheck also "corrected" it
    // as a top-level domain.
    ['user@corp', 'user@com', null],
    ['user@gmai', 'user@gr', null],
    ['a@b', 'a@be', null],
    // A domain that starts with a dot or a comma is malformed, as "a@.com" (mailcheck: "a@qq.com").
    ['user@,gmail.com', 'user@gmail.com', null],
    // A comma is never part of a domain: it is read as the dot it stands for.
    ['user@yahoo,com', null, 'user@yahoo.com'],
    ['user@live,com', null, 'user@live.com'],
    ['user@gmx,de', null, 'user@gmx.de'],
    ['user@yahoo,co,uk', null, 'user@yahoo.co.uk'],
    ['user@hotmail,co.uk', 'user@hotmail.us', 'user@hotmail.co.uk'],
    ['user@example,org', null, 'user@example.org'],
    ['user@gmail,,com', null, 'user@gmail.com'],
  ])('%j: mailcheck → %j, Tidings → %j', (email, _mailcheck, ours) => {
    expect(fullOf(suggestEmail(email, MAILCHECK_LISTS))).toBe(ours);
    expect(Mailcheck.run({ email, ...MAILCHECK_LISTS })?.full ?? null).toBe(ours);
  });
});

describe('deliberate deviations from mailcheck 1.1.1', () => {
  // Middle column: what mailcheck 1.1.1's Mailcheck.run returned (computed under Node).
  it.each([
    ['a@b', 'a@be', null],
    ['a@.com', 'a@qq.com', null],
    ['a b@gmial.com', 'a b@gmail.com', null],
    ['a\tb@gmial.com', 'a%09b@gmail.com', null],
    ['Test.User+tag@GMIAL.COM', 'test.user+tag@gmail.com', 'Test.User+tag@gmail.com'],
    // mailcheck's first-match String#replace hit the "co" / "ne" / "m" inside the second-level domain.
    ['u@comcast.co', 'u@commcast.co', 'u@comcast.com'],
    ['u@net.ne', 'u@nett.ne', 'u@net.net'],
    ['u@hotmail.m', 'u@hotmilail.m', 'u@hotmail.mil'],
  ])('%j: mailcheck → %j, ours → %j', (email, _mailcheck, ours) => {
    expect(fullOf(suggestEmail(email, MAILCHECK_LISTS))).toBe(ours);
  });

  it('keeps the malformed-but-fixable inputs mailcheck fixed', () => {
    expect(fullOf(suggestEmail('a@b@gmial.com'))).toBe('a@b@gmail.com');
    expect(fullOf(suggestEmail('user@gmail.'))).toBe('user@gmail.com');
    expect(fullOf(suggestEmail('user@gmail..com'))).toBe('user@gmail.com');
  });
});
