import { type ErrorCode, type FieldErrors, isErrorCode } from '../../common/contracts/errors';

/**
 * The client's only door to the server. Every request carries X-Requested-With (spec §7), which
 * the server requires on all of /api/v1 as its CSRF defence.
 */
export const API_BASE = '/api/v1';

/**
 * A code of the server's vocabulary, or `http_error` for an answer that is not one of ours (a
 * proxy's HTML page, a body that does not parse, a code this build does not know).
 */
export type ApiErrorCode = ErrorCode | 'http_error';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: FieldErrors;

  constructor(status: number, code: ApiErrorCode, message: string, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | undefined>;
  /** Gives up after this long; the fetch then rejects with a TimeoutError. */
  timeoutMs?: number;
}

export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

export interface ApiClientOptions {
  /** Where the API is: the page's own origin in the browser. */
  origin: () => string;
  /** Sent with every request; outside a browser (tests) this is how a session cookie travels. */
  headers?: Record<string, string>;
}

function signalOf({ signal, timeoutMs }: RequestOptions): AbortSignal | null {
  const timeout = timeoutMs === undefined ? null : AbortSignal.timeout(timeoutMs);
  if (signal && timeout) return AbortSignal.any([signal, timeout]);
  return signal ?? timeout;
}

/** A client for another origin or with extra headers; the app uses `apiRequest`. */
export function createApiClient(client: ApiClientOptions): ApiRequest {
  return (path, options) => send(client, path, options);
}

export const apiRequest: ApiRequest = (path, options) =>
  send({ origin: () => window.location.origin }, path, options);

async function send<T>(client: ApiClientOptions, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, client.origin());
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  const headers: Record<string, string> = {
    ...client.headers,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: signalOf(options),
  });
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

/**
 * The server's error body as an ApiError; anything else (a proxy's HTML page, a code outside the
 * vocabulary) by its status. Read field by field: the body came over the network.
 */
export function toApiError(status: number, payload: unknown): ApiError {
  const error = propertyOf(payload, 'error');
  const code = propertyOf(error, 'code');
  const message = propertyOf(error, 'message');
  if (isErrorCode(code) && typeof message === 'string') {
    return new ApiError(status, code, message, fieldErrorsOf(propertyOf(error, 'fields')));
  }
  return new ApiError(status, 'http_error', `The server answered ${status}.`);
}

function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** Only string messages survive: a field error is shown as text next to its field. */
function fieldErrorsOf(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** What to tell a person when a request failed. */
export function userMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Could not reach Tidings. Check your connection and try again.';
}
