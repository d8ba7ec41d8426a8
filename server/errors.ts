/**
 * One error vocabulary for the whole server. Services and routes throw AppError through the
 * factories below; the app's error handler turns every AppError into
 * `{ "error": { "code", "message", "fields"? } }` with its status. Anything else is a bug:
 * it is logged and answered with a bare 500.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Another site failed (errors.upstream): logged at info, for it is not our fault. */
  readonly upstream: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: FieldErrors; headers?: Record<string, string>; upstream?: boolean } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.upstream = options.upstream ?? false;
  }
}

export const errors = {
  validation: (fields: FieldErrors, message = 'Some fields need attention.') =>
    new AppError(400, 'validation_failed', message, { fields }),
  badRequest: (code: string, message: string) => new AppError(400, code, message),
  unauthenticated: (message = 'You need to log in first.') => new AppError(401, 'unauthenticated', message),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', 'Wrong e-mail/handle or password.'),
  forbidden: (code: string, message: string) => new AppError(403, code, message),
  notFound: (message = 'Not found.') => new AppError(404, 'not_found', message),
  conflict: (code: string, message: string, fields?: FieldErrors) =>
    new AppError(409, code, message, fields ? { fields } : {}),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 'rate_limited', `Too many requests. Try again in ${retryAfterSeconds} s.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  upstream: (status: number, code: string, message: string) =>
    new AppError(status, code, message, { upstream: true }),
  /** The database cannot be reached right now (server/platform/db/unavailable.ts). */
  databaseUnavailable: (retryAfterSeconds: number) =>
    new AppError(503, 'database_unavailable', 'The database is unreachable right now. Try again shortly.', {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
};

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
