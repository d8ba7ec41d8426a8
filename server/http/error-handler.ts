import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '../../common/contracts/errors';
import { AppError, errors } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../platform/db/unavailable';
import { noteUpstreamFailure } from './request-log';

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their status. */
const FASTIFY_CLIENT_CODES: Partial<Record<string, ErrorCode>> = {
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
      return reply.status(error.status).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        FASTIFY_CLIENT_CODES[error.code] ??
        (error.code === 'FST_ERR_VALIDATION' ? 'validation_failed' : 'bad_request');
      const message =
        error.code?.startsWith('FST_ERR_CTP_INVALID_JSON') || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      const body: ApiErrorBody = { error: { code, message } };
      return reply.status(status).send(body);
    }
    // The message may name tables, files or addresses: only the log sees it.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errors.internal().toBody());
  });
}

/**
 * Longest path parameter the router matches, in characters. Fastify has one router for the whole
 * app, so this is the longest any route needs: a channel name in the real-time HTTP API
 * (`/apps/:id/channels/:channel`), up to 164 characters that may arrive percent-encoded (three
 * each), i.e. HTTP_API_MAX_PARAM_LENGTH in server/realtime/limits.ts, which a test keeps equal.
 */
export const MAX_PATH_PARAM_LENGTH = 492;

/**
 * Errors the router meets before any route or hook runs (Fastify's `frameworkErrors`): a path
 * that does not percent-decode to text, a path parameter over MAX_PATH_PARAM_LENGTH. Answered
 * in the API's error shape, without echoing the path back.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const answer =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? errors.pathTooLong(MAX_PATH_PARAM_LENGTH)
      : error.code === 'FST_ERR_BAD_URL'
        ? errors.invalidUrl('This address has a part that is not valid percent-encoded UTF-8.')
        : null;
  if (answer === null) request.log.error({ err: error }, 'router error');
  const sent = answer ?? errors.internal();
  void reply.status(sent.status).send(sent.toBody());
}
