import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUnacceptableText } from '../../common/contracts/text-input';
import { type AppError, errors } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Top-level JSON body fields whose text the route cleans itself (post bodies: the sanitiser
     * removes control characters and lone surrogates), so the text rule leaves them alone.
     */
    selfCleanedBodyFields?: readonly string[];
  }
}

/** 400 `invalid_text`, naming the field that holds refused text. */
export function invalidTextError(field: string): AppError {
  return errors.invalidText(field);
}

/** Throws invalidTextError when any text in `value` breaks the rule; `source` names the whole. */
export function assertAcceptableText(value: unknown, source: string): void {
  const where = findUnacceptableText(value);
  if (where !== null) throw invalidTextError(where === '' ? source : where);
}

/**
 * The text rule of common/contracts/text-input.ts for every route, before any handler (and so
 * any database, search worker or log) sees the request: decoded path parameters, the query
 * string and a parsed JSON body. Multipart text fields are checked where they are read.
 */
export function installTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertAcceptableText(request.params, 'params');
    assertAcceptableText(request.query, 'query');
    assertAcceptableText(jsonBodyToCheck(request), 'body');
  });
}

function jsonBodyToCheck(request: FastifyRequest): unknown {
  const { body } = request;
  // Raw bodies (the real-time HTTP API signs the bytes) are not text anyone stores.
  if (Buffer.isBuffer(body)) return undefined;
  const exempt = request.routeOptions.config.selfCleanedBodyFields;
  if (!exempt?.length || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !exempt.includes(key)));
}
