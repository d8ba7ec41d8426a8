import type { ApiErrorBody } from '../../common/contracts/auth';

/**
 * The client's only door to the server. Every request carries X-Requested-With, which the
 * server requires on all of /api/v1 as its CSRF defence (docs/spec.md#every-api-request).
 */
export const API_BASE = '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
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

/** The server's error body as an ApiError; anything else (a proxy's HTML page) by its status. */
export function toApiError(status: number, payload: unknown): ApiError {
  const body = payload as Partial<ApiErrorBody> | null;
  const error = body?.error;
  if (error && typeof error.code === 'string') {
    return new ApiError(status, error.code, error.message, error.fields ?? {});
  }
  return new ApiError(status, 'http_error', `The server answered ${status}.`);
}

/** What to tell a person when a request failed. */
export function userMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Could not reach Tidings. Check your connection and try again.';
}
