import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { createAddressPolicy, type AddressPolicy } from './address-policy';
import {
  readText,
  UnsupportedEncodingError,
  type ReadLimits,
  type ReadReport,
  type TextSink,
} from './body-reader';
import { isHtmlType, parseContentType } from './content-type';
import { fetchFailure, type FetchFailure } from './fetch-failure';
import { FETCH_DEADLINE_MS, MAX_DECODED_BYTES, MAX_REDIRECTS, MAX_WIRE_BYTES } from './limits';
import { readFileResponse, type FileResponse } from './file-reader';
import { createPinnedAgent, type AddressPins } from './pinned-agent';
import { withoutStackTraces } from './quiet-errors';
import { REQUEST_HEADERS } from './request-headers';
import { checkTarget, systemResolveHost, type ResolveHost, type TargetCheckDeps } from './target-check';

/**
 * The server's only outbound HTTP client (docs/security.md#outbound-requests). One deadline over the whole
 * fetch, redirects followed by hand with every hop checked before it is requested, sockets
 * pinned to checked addresses, bodies read only for HTML and only as far as the consumer needs.
 */

export interface SafeFetchOptions {
  /** Test-only: resolved addresses treated as public (e.g. ["127.0.0.2"]). Empty in production. */
  allowedPrivateAddresses?: readonly string[];
  deadlineMs?: number;
  maxRedirects?: number;
  maxDecodedBytes?: number;
  maxWireBytes?: number;
  /** The system resolver unless a test needs a name to answer something specific. */
  resolveHost?: ResolveHost;
}

export interface DocumentResponse {
  ok: true;
  kind: 'document';
  /** Final URL after redirects. */
  url: string;
  mimeType: string;
  read: ReadReport;
}

export interface HeadersOnlyResponse {
  ok: true;
  kind: 'headers-only';
  url: string;
  /** Lower-case MIME essence; the body was never read. */
  mimeType: string;
}

export type SafeFetchResult = DocumentResponse | HeadersOnlyResponse | FetchFailure;

export interface SafeFetcher {
  /** Fetches `url`; an HTML body is streamed into the sink from `openSink(finalUrl)`. */
  fetch(url: string, openSink: (finalUrl: string) => TextSink): Promise<SafeFetchResult>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

class DeadlineExceeded extends Error {}

interface FetchContext {
  signal: AbortSignal;
  headers: Readonly<Record<string, string>>;
  agent: Dispatcher;
  pins: AddressPins;
  check: TargetCheckDeps;
}

function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Drops a body we will not read; the error handler is what keeps an abort from crashing. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  withoutStackTraces(() => body.destroy());
}

// undici hands header bytes over as latin1; browsers read a non-ASCII Location as UTF-8.
function locationText(raw: string): string {
  return /[\u0080-\u00ff]/.test(raw) ? Buffer.from(raw, 'latin1').toString('utf8') : raw;
}

function nextHop(response: Dispatcher.ResponseData, current: URL): URL | FetchFailure {
  const location = headerValue(response.headers, 'location');
  if (!location) return fetchFailure('bad_redirect');
  try {
    return new URL(locationText(location), current);
  } catch {
    return fetchFailure('bad_redirect');
  }
}

function classifyError(error: unknown, signal: AbortSignal): FetchFailure {
  if (signal.aborted || error instanceof DeadlineExceeded) return fetchFailure('timeout');
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return fetchFailure('timeout');
  }
  if (error instanceof undiciErrors.ConnectTimeoutError) return fetchFailure('timeout');
  if (error instanceof UnsupportedEncodingError) return fetchFailure('unsupported_content');
  // Refused, reset, TLS, bad gzip...: one generic answer, so the endpoint is no port scanner.
  return fetchFailure('fetch_failed');
}

async function readResponse(
  response: Dispatcher.ResponseData,
  url: URL,
  openSink: (finalUrl: string) => TextSink,
  maxBytes: ReadLimits,
): Promise<SafeFetchResult> {
  response.body.on('error', () => undefined);
  if (response.statusCode < 200 || response.statusCode > 299) {
    discard(response.body);
    return fetchFailure('upstream_status', response.statusCode);
  }
  const contentType = parseContentType(headerValue(response.headers, 'content-type'));
  if (!isHtmlType(contentType.mimeType)) {
    discard(response.body);
    return { ok: true, kind: 'headers-only', url: url.href, mimeType: contentType.mimeType };
  }
  const read = await readText(response.body, openSink(url.href), {
    contentEncoding: headerValue(response.headers, 'content-encoding') ?? '',
    headerCharset: contentType.charset,
    limits: maxBytes,
  });
  return { ok: true, kind: 'document', url: url.href, mimeType: contentType.mimeType || 'text/html', read };
}

async function send(url: URL, context: FetchContext): Promise<Dispatcher.ResponseData> {
  return request(url, {
    method: 'GET',
    headers: context.headers,
    dispatcher: context.agent,
    signal: context.signal,
  });
}

interface FetchConfig {
  policy: AddressPolicy;
  deadlineMs: number;
  maxRedirects: number;
  resolveHost: ResolveHost;
  maxBytes: ReadLimits;
}

/** Every hop is checked (scheme, userinfo, addresses) before its request is sent. */
async function follow<T>(
  start: URL,
  config: FetchConfig,
  context: FetchContext,
  finish: (response: Dispatcher.ResponseData, url: URL) => Promise<T | FetchFailure>,
): Promise<T | FetchFailure> {
  const visited = new Set<string>();
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const target = await checkTarget(url, context.check);
    if (!target.ok) {
      // After the first hop a malformed target is the origin's fault, not the user's.
      return fetchFailure(hop > 0 && target.code === 'invalid_url' ? 'bad_redirect' : target.code);
    }
    if (!target.isLiteral) context.pins.set(target.hostname.toLowerCase(), target.addresses);
    visited.add(url.href);
    const response = await send(url, context);
    if (!REDIRECT_STATUSES.has(response.statusCode)) return finish(response, url);
    discard(response.body);
    const next = nextHop(response, url);
    if (!(next instanceof URL)) return next;
    if (hop >= config.maxRedirects || visited.has(next.href)) return fetchFailure('too_many_redirects');
    url = next;
  }
}

async function fetchWithDeadline<T>(
  start: URL,
  config: FetchConfig,
  headers: Readonly<Record<string, string>>,
  finish: (response: Dispatcher.ResponseData, url: URL) => Promise<T | FetchFailure>,
): Promise<T | FetchFailure> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded()), config.deadlineMs);
  const pins: AddressPins = new Map();
  const agent = createPinnedAgent(pins, config.deadlineMs);
  const check = { policy: config.policy, resolveHost: config.resolveHost, signal: controller.signal };
  try {
    return await follow(start, config, { signal: controller.signal, headers, agent, pins, check }, finish);
  } catch (error) {
    return classifyError(error, controller.signal);
  } finally {
    clearTimeout(timer);
    withoutStackTraces(() => void agent.destroy().catch(() => undefined));
  }
}

function fetchConfigOf(options: SafeFetchOptions): FetchConfig {
  return {
    policy: createAddressPolicy(options.allowedPrivateAddresses ?? []),
    deadlineMs: options.deadlineMs ?? FETCH_DEADLINE_MS,
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
    resolveHost: options.resolveHost ?? systemResolveHost,
    maxBytes: {
      maxDecodedBytes: options.maxDecodedBytes ?? MAX_DECODED_BYTES,
      maxWireBytes: options.maxWireBytes ?? MAX_WIRE_BYTES,
    },
  };
}

function parseStart(input: string): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

export function createSafeFetcher(options: SafeFetchOptions = {}): SafeFetcher {
  const config = fetchConfigOf(options);
  return {
    async fetch(input, openSink) {
      const start = parseStart(input);
      if (start === null) return fetchFailure('invalid_url');
      return fetchWithDeadline(start, config, REQUEST_HEADERS, (response, url) =>
        readResponse(response, url, openSink, config.maxBytes),
      );
    },
  };
}

export interface FileFetchOptions extends Omit<SafeFetchOptions, 'maxDecodedBytes' | 'maxWireBytes'> {
  /** Largest body accepted; a longer one is too_large. */
  maxBytes: number;
  /** The Accept header, e.g. image types only. */
  accept: string;
}

/** A whole small file (an image to re-encode), through the same checks, deadline and pinning. */
export interface SafeFileFetcher {
  fetchFile(url: string): Promise<FileResponse | FetchFailure>;
}

export function createSafeFileFetcher(options: FileFetchOptions): SafeFileFetcher {
  const config = fetchConfigOf(options);
  // identity: the file is stored re-encoded, so compression would only add a decompressor to guard.
  const headers = { ...REQUEST_HEADERS, accept: options.accept, 'accept-encoding': 'identity' };
  return {
    async fetchFile(input) {
      const start = parseStart(input);
      if (start === null) return fetchFailure('invalid_url');
      return fetchWithDeadline(start, config, headers, (response, url) =>
        readFileResponse(response, url, options.maxBytes),
      );
    },
  };
}
