import type { Readable } from 'node:stream';
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { createAddressPolicy, type AddressPolicy } from './address-policy';
import { fetchFailure, type FetchFailure } from './fetch-failure';
import { SAFE_POST_DEADLINE_MS, SAFE_POST_EXCERPT_BYTES } from './limits';
import { createPinnedAgent, type AddressPins } from './pinned-agent';
import { withoutStackTraces } from './quiet-errors';
import { checkTarget, systemResolveHost, type ResolveHost } from './target-check';

/**
 * A POST to a URL a user gave us (a Web Push endpoint), with the same protection as safe-fetch:
 * the target is checked by checkTarget and the socket pinned to the checked addresses. Nothing
 * is followed: a redirect could only lead somewhere the user did not register, so a 3xx is
 * answered as it is. The answer's body matters only for a log line, so little of it is read.
 */

export interface SafePostOptions {
  /** Test-only: resolved addresses treated as public (e.g. ["127.0.0.1"]). Empty in production. */
  allowedPrivateAddresses?: readonly string[];
  deadlineMs?: number;
  /** The system resolver unless a test needs a name to answer something specific. */
  resolveHost?: ResolveHost;
}

export interface PostAnswer {
  ok: true;
  status: number;
  headers: Record<string, string>;
  /** the answer's first bytes as text, for a log line */
  bodyExcerpt: string;
}

export type SafePostResult = PostAnswer | FetchFailure;

export interface SafePoster {
  post(
    url: string,
    request: { headers: Record<string, string>; body: Buffer | null },
  ): Promise<SafePostResult>;
}

class DeadlineExceeded extends Error {}

function classifyError(error: unknown, signal: AbortSignal): FetchFailure {
  if (signal.aborted || error instanceof DeadlineExceeded) return fetchFailure('timeout');
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return fetchFailure('timeout');
  }
  // Refused, reset, TLS, a header undici will not send...: one generic answer, no port scanner.
  return fetchFailure('fetch_failed');
}

/** The caller's headers with our own content-length: a stale one of theirs would make undici refuse. */
function headersToSend(headers: Record<string, string>, body: Buffer | null): Record<string, string> {
  const sent = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  );
  return body === null ? sent : { ...sent, 'content-length': String(body.length) };
}

function answerHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * The body's first `maxBytes`, then the body is destroyed without waiting for the rest. Taken
 * in flowing mode and never paused, like body-reader.ts: a paused undici body pauses the HTTP/1
 * parser, and undici 7 crashes the process if the origin then closes the connection.
 */
function readExcerpt(body: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      withoutStackTraces(() => body.destroy());
      resolve(Buffer.concat(chunks, length));
    };
    body.on('data', (chunk: Buffer) => {
      const kept = chunk.subarray(0, maxBytes - length);
      chunks.push(kept);
      length += kept.length;
      if (length >= maxBytes) done();
    });
    body.on('end', done);
    // The error handler is also what keeps an abort from crashing. After done() these only
    // report our own destroy(), to a promise that has already settled.
    body.on('error', reject);
    body.on('close', () => reject(new Error('The response body closed early')));
  });
}

interface PostConfig {
  policy: AddressPolicy;
  deadlineMs: number;
  resolveHost: ResolveHost;
}

async function postWithDeadline(
  url: URL,
  headers: Record<string, string>,
  body: Buffer | null,
  config: PostConfig,
): Promise<SafePostResult> {
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded()), config.deadlineMs);
  const pins: AddressPins = new Map();
  // One post, one agent: destroying it at the end closes the socket, whatever state it is in.
  const agent = createPinnedAgent(pins, config.deadlineMs);
  try {
    const target = await checkTarget(url, { policy: config.policy, resolveHost: config.resolveHost, signal });
    if (!target.ok) return fetchFailure(target.code);
    if (!target.isLiteral) pins.set(target.hostname.toLowerCase(), target.addresses);
    const response = await request(url, {
      method: 'POST',
      headers: headersToSend(headers, body),
      body,
      dispatcher: agent,
      signal,
    });
    const excerpt = await readExcerpt(response.body, SAFE_POST_EXCERPT_BYTES);
    return {
      ok: true,
      status: response.statusCode,
      headers: answerHeaders(response.headers),
      bodyExcerpt: excerpt.toString('utf8'),
    };
  } catch (error) {
    return classifyError(error, signal);
  } finally {
    clearTimeout(timer);
    withoutStackTraces(() => void agent.destroy().catch(() => undefined));
  }
}

function parseUrl(input: string): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

export function createSafePoster(options: SafePostOptions = {}): SafePoster {
  const config: PostConfig = {
    policy: createAddressPolicy(options.allowedPrivateAddresses ?? []),
    deadlineMs: options.deadlineMs ?? SAFE_POST_DEADLINE_MS,
    resolveHost: options.resolveHost ?? systemResolveHost,
  };
  return {
    async post(input, { headers, body }) {
      const url = parseUrl(input);
      if (url === null) return fetchFailure('invalid_url');
      return postWithDeadline(url, headers, body, config);
    },
  };
}
