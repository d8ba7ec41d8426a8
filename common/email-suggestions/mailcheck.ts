/**
 * E-mail domain typo suggestions ("did you mean user@gmail.com?"), a typed, side-effect-free port of
 * mailcheck 1.1.1 (Derrick Ko, MIT). Given the same lists it returns the original's suggestions
 * except for these deliberate deviations, each because the original's behaviour is a bug rather
 * than a contract:
 *
 * - Malformed input gets no suggestion: no "@", an empty local part or domain, "@@", whitespace
 *   inside the address, or a domain that starts with a dot or a comma (mailcheck turns "a@.com"
 *   into "a@qq.com"). Several "@" are still split at the last one, as mailcheck does.
 * - A domain without a dot ("gmailcom", "gmail") is compared with whole domains only, as mailcheck
 *   does first; mailcheck then also "corrected" it as a top-level domain ("a@b" → "a@be",
 *   "user@corp" → "user@com").
 * - A comma in the domain is read as a dot (a comma is never part of a domain name), so
 *   "yahoo,com" is suggested as "yahoo.com" even though "yahoo.com" itself is never corrected.
 * - Only the domain is lower-cased; the local part is returned as typed (mailcheck lower-cases it).
 * - A corrected second-/top-level domain is rebuilt from its parts. mailcheck used a first-match
 *   `String#replace`, so "comcast.co" became "commcast.co" (the "co" inside "comcast" was replaced).
 * - A suggestion is never the address that was typed.
 * - A threshold of 0 means "exact only"; mailcheck silently replaced 0 by the top-level threshold.
 * - `Mailcheck.run` returns the suggestion, not whatever the callback returned, and input that
 *   `encodeURI` rejects (lone UTF-16 surrogates) gets no suggestion instead of throwing.
 * - `encodeEmail` restores every occurrence of the characters it allows, not only the first.
 *
 * The default lists (see ./default-domains) start with mailcheck's lists and append current providers.
 */
import { DEFAULT_DOMAINS, DEFAULT_SECOND_LEVEL_DOMAINS, DEFAULT_TOP_LEVEL_DOMAINS } from './default-domains';
import { sift3Distance } from './sift3';

export { DEFAULT_DOMAINS, DEFAULT_SECOND_LEVEL_DOMAINS, DEFAULT_TOP_LEVEL_DOMAINS, sift3Distance };

/** Maximum sift3 distance for a whole-domain match, as in mailcheck. */
export const DOMAIN_THRESHOLD = 2;
/** Maximum sift3 distance for a second-level-domain ("hotmial" → "hotmail") match. */
export const SECOND_LEVEL_THRESHOLD = 2;
/** Maximum sift3 distance for a top-level-domain ("cmo" → "com") match. */
export const TOP_LEVEL_THRESHOLD = 2;

export interface MailSuggestion {
  /** The local part, as typed. */
  address: string;
  /** The suggested domain, lower-case. */
  domain: string;
  /** `${address}@${domain}`. */
  full: string;
}

export type DistanceFunction = (a: string, b: string) => number;

/** mailcheck's view of an address; `topLevelDomain` is everything after the first dot of the domain. */
export interface EmailParts {
  topLevelDomain: string;
  secondLevelDomain: string;
  domain: string;
  address: string;
}

/** Lists are matched case-sensitively against the lower-cased domain, so give them in lower case. */
export interface SuggestOptions {
  domains?: readonly string[];
  secondLevelDomains?: readonly string[];
  topLevelDomains?: readonly string[];
  distanceFunction?: DistanceFunction;
  domainThreshold?: number;
  secondLevelThreshold?: number;
  topLevelThreshold?: number;
}

export interface MailcheckRunOptions extends SuggestOptions {
  email: string;
  suggested?: (suggestion: MailSuggestion) => void;
  empty?: () => void;
}

/** Everything `suggestFromParts` needs; lists stay optional because mailcheck's `suggest` skips a stage whose list is missing. */
interface SuggestConfig {
  domains: readonly string[] | undefined;
  secondLevelDomains: readonly string[] | undefined;
  topLevelDomains: readonly string[] | undefined;
  distanceFunction: DistanceFunction;
  domainThreshold: number;
  secondLevelThreshold: number;
  topLevelThreshold: number;
}

/**
 * Splits at the last "@" (so a quoted local part such as `"a@b"@example.com` survives) and at the
 * first dot of the domain; a domain without a dot is all top-level domain, as in mailcheck.
 * Returns false for malformed input, see the module comment.
 */
export function splitEmail(email: string): EmailParts | false {
  // `?? ''` because untyped callers (the client exposes Mailcheck on window) may pass null.
  const trimmed = (email ?? '').trim();
  if (/\s/u.test(trimmed)) return false;
  const pieces = trimmed.split('@');
  if (pieces.length < 2 || pieces.includes('')) return false;
  const at = trimmed.lastIndexOf('@');
  const domain = trimmed.slice(at + 1);
  // A leading dot (or the comma that stands for one) leaves nothing to match on.
  if (/^[.,]/u.test(domain)) return false;
  return { ...domainParts(domain), domain, address: trimmed.slice(0, at) };
}

/** Second-level and top-level parts of a domain, split at its first dot (none: all top-level). */
function domainParts(domain: string): Pick<EmailParts, 'secondLevelDomain' | 'topLevelDomain'> {
  const dot = domain.indexOf('.');
  if (dot < 0) return { secondLevelDomain: '', topLevelDomain: domain };
  return { secondLevelDomain: domain.slice(0, dot), topLevelDomain: domain.slice(dot + 1) };
}

/**
 * The candidate nearest to `domain`, or false when none is within `threshold`. An exact match wins
 * immediately; among equally distant candidates the first listed wins, which is why the default
 * lists only ever grow at the end.
 */
export function findClosestDomain(
  domain: string,
  domains: readonly string[] | undefined,
  distanceFunction?: DistanceFunction,
  threshold?: number,
): string | false {
  if (!domain || !domains) return false;
  const distance = distanceFunction ?? sift3Distance;
  const limit = threshold ?? TOP_LEVEL_THRESHOLD;
  let minDist = Infinity;
  let closest: string | false = false;
  for (const candidate of domains) {
    if (candidate === domain) return domain;
    const dist = distance(domain, candidate);
    if (dist < minDist) {
      minDist = dist;
      closest = candidate;
    }
  }
  return minDist <= limit ? closest : false;
}

/**
 * Percent-encodes what could inject markup when a suggestion is written into HTML, keeping the
 * characters an address may legitimately contain. Only `Mailcheck.run` applies it, as mailcheck did;
 * `suggestEmail` returns plain text for callers that render through an escaping layer (React).
 */
export function encodeEmail(email: string): string {
  return encodeURI(email)
    .replaceAll('%20', ' ')
    .replaceAll('%25', '%')
    .replaceAll('%5E', '^')
    .replaceAll('%60', '`')
    .replaceAll('%7B', '{')
    .replaceAll('%7C', '|')
    .replaceAll('%7D', '}');
}

/** The typo suggestion for `email`, or null when it looks right, is unknown, or is malformed. */
export function suggestEmail(email: string, options: SuggestOptions = {}): MailSuggestion | null {
  const parts = splitEmail(email);
  return parts === false ? null : suggestFromParts(parts, resolveConfig(options, DEFAULT_CONFIG));
}

const DEFAULT_CONFIG: SuggestConfig = {
  domains: DEFAULT_DOMAINS,
  secondLevelDomains: DEFAULT_SECOND_LEVEL_DOMAINS,
  topLevelDomains: DEFAULT_TOP_LEVEL_DOMAINS,
  distanceFunction: sift3Distance,
  domainThreshold: DOMAIN_THRESHOLD,
  secondLevelThreshold: SECOND_LEVEL_THRESHOLD,
  topLevelThreshold: TOP_LEVEL_THRESHOLD,
};

function resolveConfig(options: SuggestOptions, fallback: SuggestConfig): SuggestConfig {
  return {
    domains: options.domains ?? fallback.domains,
    secondLevelDomains: options.secondLevelDomains ?? fallback.secondLevelDomains,
    topLevelDomains: options.topLevelDomains ?? fallback.topLevelDomains,
    distanceFunction: options.distanceFunction ?? fallback.distanceFunction,
    domainThreshold: options.domainThreshold ?? fallback.domainThreshold,
    secondLevelThreshold: options.secondLevelThreshold ?? fallback.secondLevelThreshold,
    topLevelThreshold: options.topLevelThreshold ?? fallback.topLevelThreshold,
  };
}

/** mailcheck's `suggest`: whole-domain match first, then separate second-/top-level corrections. */
function suggestFromParts(parts: EmailParts, config: SuggestConfig): MailSuggestion | null {
  const typed = parts.domain.toLowerCase();
  // A comma is never part of a domain name: it is the dot the finger missed.
  const domain = typed.replaceAll(',', '.');
  const suggested = suggestDomain(domain, config) ?? domain;
  // `suggested === typed` also covers an exact match, which mailcheck treated as "no suggestion".
  if (suggested === typed) return null;
  return { address: parts.address, domain: suggested, full: `${parts.address}@${suggested}` };
}

/** A better domain than `domain` (lower-case, commas read as dots), or null when none is found. */
function suggestDomain(domain: string, config: SuggestConfig): string | null {
  const { secondLevelDomains, topLevelDomains } = config;
  const { secondLevelDomain: sld, topLevelDomain: tld } = domainParts(domain);
  const hasDot = sld !== '';
  // A listed second-level + top-level pair (yahoo.co.uk, gmx.fr) is deliberate, even when a listed
  // full domain is closer.
  if (hasDot && secondLevelDomains?.includes(sld) && topLevelDomains?.includes(tld)) return null;
  const closest = findClosestDomain(domain, config.domains, config.distanceFunction, config.domainThreshold);
  if (closest !== false) return closest;
  // Without a dot there are no parts to correct: "corp" is no misspelt top-level domain.
  return hasDot ? correctDomainParts(sld, tld, config) : null;
}

function correctDomainParts(sld: string, tld: string, config: SuggestConfig): string | null {
  const { distanceFunction } = config;
  const closestSld = findClosestDomain(
    sld,
    config.secondLevelDomains,
    distanceFunction,
    config.secondLevelThreshold,
  );
  const closestTld = findClosestDomain(
    tld,
    config.topLevelDomains,
    distanceFunction,
    config.topLevelThreshold,
  );
  const newSld = closestSld === false ? sld : closestSld;
  const newTld = closestTld === false ? tld : closestTld;
  return newSld === sld && newTld === tld ? null : `${newSld}.${newTld}`;
}

/** mailcheck's object API. Its defaults and thresholds are mutable, as mailcheck documents. */
export interface MailcheckApi {
  domainThreshold: number;
  secondLevelThreshold: number;
  topLevelThreshold: number;
  defaultDomains: string[];
  defaultSecondLevelDomains: string[];
  defaultTopLevelDomains: string[];
  /** Calls exactly one of `suggested` / `empty` and returns the suggestion, if any. */
  run(options: MailcheckRunOptions): MailSuggestion | undefined;
  /** A missing list skips its stage, as in mailcheck; thresholds come from this object. */
  suggest(
    email: string,
    domains?: readonly string[],
    secondLevelDomains?: readonly string[],
    topLevelDomains?: readonly string[],
    distanceFunction?: DistanceFunction,
  ): MailSuggestion | false;
  splitEmail: (email: string) => EmailParts | false;
  sift3Distance: DistanceFunction;
  findClosestDomain(
    domain: string,
    domains: readonly string[] | undefined,
    distanceFunction?: DistanceFunction,
    threshold?: number,
  ): string | false;
  encodeEmail: (email: string) => string;
}

/**
 * Drop-in for mailcheck's global object. Prefer `suggestEmail`: this object reads module-wide,
 * mutable defaults, so one caller's `defaultDomains.push` is seen by every other caller.
 */
export const Mailcheck: MailcheckApi = {
  domainThreshold: DOMAIN_THRESHOLD,
  secondLevelThreshold: SECOND_LEVEL_THRESHOLD,
  topLevelThreshold: TOP_LEVEL_THRESHOLD,
  // Copies, because mailcheck's README tells users to extend the defaults with push().
  defaultDomains: [...DEFAULT_DOMAINS],
  defaultSecondLevelDomains: [...DEFAULT_SECOND_LEVEL_DOMAINS],
  defaultTopLevelDomains: [...DEFAULT_TOP_LEVEL_DOMAINS],

  run(options) {
    const suggestion = runSuggestion(options) ?? undefined;
    if (suggestion) options.suggested?.(suggestion);
    else options.empty?.();
    return suggestion;
  },

  suggest(email, domains, secondLevelDomains, topLevelDomains, distanceFunction) {
    const parts = splitEmail(email);
    if (parts === false) return false;
    const config: SuggestConfig = {
      ...objectConfig(),
      domains,
      secondLevelDomains,
      topLevelDomains,
      distanceFunction: distanceFunction ?? sift3Distance,
    };
    return suggestFromParts(parts, config) ?? false;
  },

  splitEmail,
  sift3Distance,
  findClosestDomain(domain, domains, distanceFunction, threshold) {
    return findClosestDomain(domain, domains, distanceFunction, threshold ?? Mailcheck.topLevelThreshold);
  },
  encodeEmail,
};

/** The object's current thresholds; callers decide which lists apply. */
function objectConfig(): SuggestConfig {
  return {
    domains: undefined,
    secondLevelDomains: undefined,
    topLevelDomains: undefined,
    distanceFunction: sift3Distance,
    domainThreshold: Mailcheck.domainThreshold,
    secondLevelThreshold: Mailcheck.secondLevelThreshold,
    topLevelThreshold: Mailcheck.topLevelThreshold,
  };
}

function runSuggestion(options: MailcheckRunOptions): MailSuggestion | null {
  // Validate before encoding: encodeURI turns a tab into "%09", which would pass the whitespace check.
  if (splitEmail(options.email) === false) return null;
  let encoded: string;
  try {
    encoded = encodeEmail(options.email.trim());
  } catch {
    return null; // URIError: a lone surrogate cannot be part of a real address.
  }
  const parts = splitEmail(encoded);
  if (parts === false) return null;
  const fallback: SuggestConfig = {
    ...objectConfig(),
    domains: Mailcheck.defaultDomains,
    secondLevelDomains: Mailcheck.defaultSecondLevelDomains,
    topLevelDomains: Mailcheck.defaultTopLevelDomains,
  };
  return suggestFromParts(parts, resolveConfig(options, fallback));
}
