import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '../errors';
import { verifySignedRequest } from './http-api-auth';
import {
  channelDetails,
  listChannels,
  presenceUsers,
  terminateUserConnections,
  triggerBatch,
  triggerEvent,
} from './http-api-handlers';
import { HTTP_API_BODY_LIMIT_BYTES } from './limits';
import type { RealtimeServer } from './realtime-server';

export interface PusherHttpApiDeps {
  realtime: RealtimeServer;
  /** Clock for the ±600 s timestamp rule (epoch ms); tests pin it. */
  now?: () => number;
}

type ChannelParams = { Params: { channelName: string } };
type UserParams = { Params: { userId: string } };

/** The API's paths and the methods each takes; any other method answers 405 with `Allow`. */
const API_ROUTES = [
  { url: '/apps/:appId/events', method: 'POST' },
  { url: '/apps/:appId/batch_events', method: 'POST' },
  { url: '/apps/:appId/channels', method: 'GET' },
  { url: '/apps/:appId/channels/:channelName', method: 'GET' },
  { url: '/apps/:appId/channels/:channelName/users', method: 'GET' },
  { url: '/apps/:appId/users/:userId/terminate_connections', method: 'POST' },
] as const;

const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** Routes that answer before (and without) the signature check: wrong methods, unknown paths. */
const UNSIGNED = { isUnsignedAnswer: true } as const;

/**
 * The Pusher HTTP API at the root paths the `pusher` SDK calls (it has no path prefix), so the
 * app publishes the same way to the embedded server, hosted Pusher, soketi or Reverb. Its own
 * scope keeps the raw body (the signature covers its MD5) and answers errors as plain text like
 * hosted Pusher; nothing here runs for the rest of the app.
 */
export async function registerPusherHttpApi(app: FastifyInstance, deps: PusherHttpApiDeps): Promise<void> {
  await app.register(async (scope) => registerRoutes(scope, deps));
}

async function registerRoutes(scope: FastifyInstance, { realtime, now = Date.now }: PusherHttpApiDeps) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: HTTP_API_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler(answerAsText);
  scope.addHook('preHandler', async (request) => {
    if ((request.routeOptions.config as { isUnsignedAnswer?: boolean }).isUnsignedAnswer) return;
    await authenticate(request, realtime, now);
  });

  scope.post('/apps/:appId/events', (request) => triggerEvent(realtime, request.body));
  scope.post('/apps/:appId/batch_events', (request) => triggerBatch(realtime, request.body));
  scope.get('/apps/:appId/channels', (request) => listChannels(realtime, rawQuery(request)));
  scope.get<ChannelParams>('/apps/:appId/channels/:channelName', (request) =>
    channelDetails(realtime, request.params.channelName, rawQuery(request)),
  );
  scope.get<ChannelParams>('/apps/:appId/channels/:channelName/users', (request) =>
    presenceUsers(realtime, request.params.channelName),
  );
  scope.post<UserParams>('/apps/:appId/users/:userId/terminate_connections', (request) =>
    terminateUserConnections(realtime, request.params.userId),
  );
  registerRefusals(scope);
}

/**
 * Every path under /apps/ and /app/ belongs to the API or the sockets: a wrong method answers
 * 405, an unknown path 404, and a plain GET of the socket path 426, all as plain text, never
 * the single-page app's HTML.
 */
function registerRefusals(scope: FastifyInstance): void {
  for (const { url, method } of API_ROUTES) {
    scope.route({
      url,
      method: ALL_METHODS.filter((other) => other !== method && !(method === 'GET' && other === 'HEAD')),
      config: UNSIGNED,
      handler: async (_request, reply) => {
        reply.header('allow', method === 'GET' ? 'GET, HEAD' : method);
        throw errors.methodNotAllowed(method);
      },
    });
  }
  scope.route({
    url: '/apps/*',
    method: [...ALL_METHODS],
    config: UNSIGNED,
    handler: async () => {
      throw errors.notFound('Unknown API path');
    },
  });
  scope.route({
    url: '/app/*',
    method: [...ALL_METHODS],
    config: UNSIGNED,
    handler: async (_request, reply) => {
      reply.header('upgrade', 'websocket');
      throw errors.upgradeRequired();
    },
  });
}

async function authenticate(request: FastifyRequest, realtime: RealtimeServer, now: () => number) {
  const path = request.url.split('?', 1)[0] ?? '';
  if (path.split('/')[2] !== encodeURIComponent(realtime.appId)) throw errors.notFound('Unknown app id');
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const check = verifySignedRequest(
    { key: realtime.key, secret: realtime.secret },
    { method: request.method, path, query: rawQuery(request), body },
    Math.floor(now() / 1000),
  );
  if (!check.ok) throw errors.unauthenticated(check.message);
}

function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}

/** Hosted Pusher answers API errors with a plain-text reason; the SDK surfaces it as error.body. */
function answerAsText(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  if (status >= 500) {
    request.log.error({ err: error }, 'pusher http api failed');
    return reply.status(500).type('text/plain; charset=utf-8').send('Internal server error');
  }
  return reply.status(status).type('text/plain; charset=utf-8').send(error.message);
}
