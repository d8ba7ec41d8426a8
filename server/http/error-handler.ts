import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errors } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../platform/db/unavailable';
import { noteUpstreamFailure } from './request-log';

const INTERNAL_ERROR_BODY = {
  error: { code: 'internal_error', message: 'Something went wrong on our side.' },
};

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their status. */
const FASTIFY_CLIENT_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A database that is away costs the request a 503 with Retry-After, never a 500.
    const error = isDatabaseUnavailable(thrown)
      ? errors.databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS)
      : thrown;
    if (error !== thrown) request.log.warn({ err: thrown }, 'database unavailable');
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      if (error.upstream) noteUpstreamFailure(reply, error.code);
      const body = {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      return reply.status(error.status).send({ error: body });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        FASTIFY_CLIENT_CODES[error.code] ??
        (error.code === 'FST_ERR_VALIDATION' ? 'validation_failed' : 'bad_request');
      const message =
        error.code?.startsWith('FST_ERR_CTP_INVALID_JSON') || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(INTERNAL_ERROR_BODY);
  });
}
