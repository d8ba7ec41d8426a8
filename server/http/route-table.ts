import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import type { AnswerOf, ApiRoute, BodyOut, IsFileAnswer, ParamsOut, QueryOut } from '../../common/api/route';
import { errors } from '../errors';
import { parseInput } from './parse-input';
import { asBuffer, isSerializedJson, parseSerializedJson, type SerializedJson } from './serialized-json';

/**
 * A route's input, parsed with the table's schemas when the handler asks for it (400
 * `validation_failed` with one message per field). Parsing on demand keeps each route's order:
 * it authorises first, so a caller who may not use a route learns nothing of its input rules.
 */
export interface RouteInput<R> {
  params: () => ParamsOut<R>;
  query: () => QueryOut<R>;
  body: () => BodyOut<R>;
}

/** A file the route streams to the browser, which saves it under `filename`. */
export interface FileDownload {
  body: Readable;
  size: number;
  /** Letters, digits, `-`, `_` and `.` only: it goes into a header as it is. */
  filename: string;
}

/**
 * The answer's body (sent with the table's status), or its JSON text made elsewhere; nothing for
 * a 204; the file for a file answer.
 */
export type RouteResult<R> =
  IsFileAnswer<R> extends true ? FileDownload : AnswerOf<R> | SerializedJson<AnswerOf<R>>;

export type RouteHandler<R> = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: RouteInput<R>,
) => Promise<RouteResult<R>>;

export interface DefineRouteOptions {
  config?: FastifyContextConfig;
  onRequest?: onRequestAsyncHookHandler;
}

/**
 * Turns answer checking on or off for every route defined on `app` afterwards (config
 * `checkAnswers`): each answer is then parsed with its entry's schema before it is sent, and one
 * that does not match is logged with zod's issues and answered 500, so a leaked or missing field
 * fails the tests that reach it instead of reaching a client.
 */
export function installAnswerChecking(app: FastifyInstance, on: boolean): void {
  app.decorate('checkAnswers', on);
}

/** Registers the handler of one route table entry, at the entry's method and path. */
export function defineRoute<R extends ApiRoute>(
  api: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
): void;
export function defineRoute<R extends ApiRoute>(
  api: FastifyInstance,
  route: R,
  options: DefineRouteOptions,
  handler: RouteHandler<R>,
): void;
export function defineRoute<R extends ApiRoute>(
  api: FastifyInstance,
  route: R,
  ...rest: [RouteHandler<R>] | [DefineRouteOptions, RouteHandler<R>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const checkAnswers = api.checkAnswers === true;
  api.route({
    method: route.method,
    url: route.path,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    config: { ...options.config, apiRoute: route.name },
    handler: async (request, reply) => {
      const result = await handler(request, reply, inputOf(route, request));
      if (route.response === null) return reply.status(204).send();
      // RouteResult<R> is a FileDownload exactly when the entry's answer is a file; TypeScript
      // cannot narrow the generic result from this run-time check, so it is told.
      if ('file' in route.response) return sendFile(reply, route.response.file, result as FileDownload);
      if (checkAnswers) checkAnswer(route.response.schema, route.name, request, result);
      // JSON made elsewhere (a worker) goes out as it is.
      if (isSerializedJson(result))
        return reply
          .status(route.response.status)
          .type('application/json; charset=utf-8')
          .send(asBuffer(result));
      return reply.status(route.response.status).send(result);
    },
  });
}

const SAFE_FILENAME = /^[A-Za-z0-9._-]{1,200}$/;

/** Private to its reader: never kept by a shared cache, saved rather than shown. */
function sendFile(reply: FastifyReply, mediaType: string, file: FileDownload) {
  if (!SAFE_FILENAME.test(file.filename))
    throw new Error(`unsafe download name ${JSON.stringify(file.filename)}`);
  return reply
    .status(200)
    .header('content-type', mediaType)
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/** Throws the generic 500 when `result`, as it goes on the wire, is not what the route table says. */
function checkAnswer(schema: z.ZodType, routeName: string, request: FastifyRequest, result: unknown): void {
  const checked = schema.safeParse(asSent(result));
  if (checked.success) return;
  request.log.error(
    { route: routeName, issues: checked.error.issues },
    'the answer does not match the route table',
  );
  throw errors.internal();
}

/** What the client will read: JSON made elsewhere as it is, anything else as it serializes. */
function asSent(result: unknown): unknown {
  if (isSerializedJson(result)) return parseSerializedJson(result);
  if (result === undefined) return undefined;
  return JSON.parse(JSON.stringify(result));
}

function inputOf<R extends ApiRoute>(route: R, request: FastifyRequest): RouteInput<R> {
  return {
    params: () => parseWith(route, 'params', request.params) as ParamsOut<R>,
    query: () => parseWith(route, 'query', request.query) as QueryOut<R>,
    body: () => parseWith(route, 'body', request.body) as BodyOut<R>,
  };
}

function parseWith(route: ApiRoute, part: 'params' | 'query' | 'body', input: unknown): unknown {
  const schema: z.ZodType | 'multipart' | undefined = route[part];
  // The types already refuse this; a route that reads what its entry does not declare is a bug.
  if (schema === undefined || schema === 'multipart') {
    throw new Error(`${route.name} declares no JSON ${part} in the route table.`);
  }
  return parseInput(schema, input);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by installAnswerChecking: answers are checked against the route table. */
    checkAnswers?: boolean;
  }
  interface FastifyContextConfig {
    /** The route table entry the route was registered from (`defineRoute`). */
    apiRoute?: string;
  }
}
