import { type ErrorCode, type FieldErrors, isErrorCode } from '../../common/contracts/errors';
import { API_BASE, type Endpoint, type EndpointName, endpoints } from '../../common/api/endpoints';
import type {
  AnswerOf,
  BodyIn,
  HasJsonBody,
  HasParams,
  HasQuery,
  ParamsIn,
  QueryIn,
} from '../../common/api/route';
// Types only: the schemas (and zod) stay out of the browser's first load.
import type { Routes } from '../../common/api/routes';
import { errorMessage } from '../i18n';
import { connectivity } from './connectivity';

/**
 * The client's only door to the server. Every request carries X-Requested-With, which the server
 * requires on all of /api/v1 as its CSRF defence (docs/spec.md#every-api-request). A call names an
 * endpoint of the route table (`api('posts.get', { params: { id } })`), never a path and a type.
 */
export { API_BASE };

/**
 * A code of the server's vocabulary, or `http_error` for an answer that is not one of ours (a
 * proxy's HTML page, a body that does not parse, a code this build does not know).
 */
export type ApiErrorCode = ErrorCode | 'http_error';

/** A failure in the browser, not on the server, whose message is written for the person. */
export class UserFacingError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UserFacingError';
  }
}

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

/** How one call goes, beside what it sends. */
export interface RequestControl {
  signal?: AbortSignal;
  /** Gives up after this long; the fetch then rejects with a TimeoutError. */
  timeoutMs?: number;
}

type Route<N extends EndpointName> = Routes[N];

/** A part the endpoint reads is required unless all its fields are optional; others are refused. */
type Part<K extends string, Has, T> = Has extends true
  ? object extends T
    ? { [P in K]?: T }
    : { [P in K]: T }
  : { [P in K]?: never };

/** What a call to endpoint `N` sends: its path parameters, query and JSON body, as typed by the table. */
export type ApiInput<N extends EndpointName> = Part<'params', HasParams<Route<N>>, ParamsIn<Route<N>>> &
  Part<'query', HasQuery<Route<N>>, QueryIn<Route<N>>> &
  Part<'body', HasJsonBody<Route<N>>, BodyIn<Route<N>>> &
  RequestControl;

/** What endpoint `N` answers on success (nothing for a 204). */
export type ApiAnswer<N extends EndpointName> = AnswerOf<Route<N>>;

type ArgsOf<N extends EndpointName> =
  object extends ApiInput<N> ? [input?: ApiInput<N>] : [input: ApiInput<N>];

/** Calls an endpoint by its name in the route table; the table decides what it takes and answers. */
export type ApiCall = <N extends EndpointName>(name: N, ...args: ArgsOf<N>) => Promise<ApiAnswer<N>>;

export interface ApiClientOptions {
  /** Where the API is: the page's own origin in the browser. */
  origin: () => string;
  /** Sent with every request; outside a browser (tests) this is how a session cookie travels. */
  headers?: Record<string, string>;
  /** Told of every answer, and of every request that got none (the page's offline banner). */
  observer?: { answered(response: Response): void; unanswered(): void };
}

/** The loose view of an input that `send` works with; the typed view is checked at each call. */
interface SentInput extends RequestControl {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function signalOf({ signal, timeoutMs }: RequestControl): AbortSignal | null {
  const timeout = timeoutMs === undefined ? null : AbortSignal.timeout(timeoutMs);
  if (signal && timeout) return AbortSignal.any([signal, timeout]);
  return signal ?? timeout;
}

/** Path and query values are strings in the table's schemas; numbers and booleans read as JSON. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `/posts/:id` with `{ id }` → `/posts/<id, percent-encoded>`. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`${path} needs the parameter ${name}.`);
    return encodeURIComponent(textOf(value));
  });
}

/** A client for another origin or with extra headers; the app uses `api`. */
export function createApiClient(client: ApiClientOptions): ApiCall {
  return (name, ...args) => send(client, endpoints[name], args[0]);
}

const browserClient: ApiClientOptions = {
  origin: () => window.location.origin,
  observer: { answered: connectivity.noteAnswer, unanswered: connectivity.noteUnreachable },
};

export const api: ApiCall = (name, ...args) => send(browserClient, endpoints[name], args[0]);

async function send<T>(client: ApiClientOptions, endpoint: Endpoint, input: SentInput = {}): Promise<T> {
  const url = new URL(`${API_BASE}${pathOf(endpoint.path, input.params)}`, client.origin());
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, textOf(value));
  }
  const headers: Record<string, string> = {
    ...client.headers,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const signal = signalOf(input);
  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    credentials: 'same-origin',
    body: input.body === undefined ? null : JSON.stringify(input.body),
    signal,
  }).catch((error: unknown) => {
    // A request given up on (a page left, a timeout) says nothing about the network.
    if (!signal?.aborted) client.observer?.unanswered();
    throw error;
  });
  client.observer?.answered(response);
  // A 204 has no body; the table types its answer as void.
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  // The server answers what the table says (its handlers are typed from the same entry).
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

/** A form's error shown where it belongs: on the field the server named, or over the form. */
export function messagesFor(error: Error | null, field: string): { field?: string; form?: string } {
  if (!error) return {};
  if (error instanceof ApiError && error.fields[field]) return { field: error.fields[field] };
  return { form: userMessageOf(error) };
}

/**
 * What to tell a person when a request failed, in their language: an API error by its code (the
 * server's own wording in English), a failure in the browser as it was worded where it happened.
 */
export function userMessageOf(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error.code, error.message, { status: error.status });
  if (error instanceof UserFacingError) return error.message;
  return errorMessage('unreachable', 'Could not reach Tidings. Check your connection and try again.');
}
