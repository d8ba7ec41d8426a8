import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config';
import { registerAccountRoutes } from './features/account/account.routes';
import { createAccountService } from './features/account/account.service';
import { PASSWORD_CHECK_FAILURES_PER_ACCOUNT } from './features/account/limits';
import { AUTH_RATE_RULES } from './features/auth/auth.limits';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createSessionCookie } from './features/auth/session-cookie';
import { installSessionHook } from './features/auth/session.hook';
import { createSessionsRepository } from './features/auth/sessions.repository';
import { UNCACHED_PREVIEWS_PER_USER } from './features/link-previews/limits';
import { createKyselyPreviewCacheStore } from './features/link-previews/link-previews.repository';
import { registerLinkPreviewRoutes } from './features/link-previews/link-previews.routes';
import { createLinkPreviewService } from './features/link-previews/link-previews.service';
import { createPostLinkPreviews } from './features/link-previews/post-link-preview';
import { createPreviewImagesRepository } from './features/link-previews/preview-images.repository';
import { registerPreviewImageRoutes } from './features/link-previews/preview-images.routes';
import { createPreviewImageService } from './features/link-previews/preview-images.service';
import { createJobQueue } from './features/media/job-queue';
import { MEDIA_MAX_CONCURRENT_JOBS, MEDIA_UPLOADS_PER_USER } from './features/media/limits';
import { registerMediaFileRoutes } from './features/media/media-files.routes';
import { startMediaSweep } from './features/media/media-sweep';
import { registerMediaRoutes } from './features/media/media.routes';
import { REPORTS_PER_USER } from './features/moderation/limits';
import { registerModerationRoutes } from './features/moderation/moderation.routes';
import { createModerationService } from './features/moderation/moderation.service';
import { createMediaService } from './features/media/media.service';
import { registerNotificationRoutes } from './features/notifications/notifications.routes';
import { createNotificationsService } from './features/notifications/notifications.service';
import { registerPostRoutes } from './features/posts/posts.routes';
import { createPostsService } from './features/posts/posts.service';
import { createLiveFeedPublisher } from './features/safety/live-feed-publisher';
import { registerSafetyRoutes } from './features/safety/safety.routes';
import {
  type ChannelPublisher,
  createSafetyService,
  shouldNotifyUnlessHidden,
} from './features/safety/safety.service';
import { registerSearchRoutes } from './features/search/search.routes';
import { createSearchService } from './features/search/search.service';
import { startSearchWorkers } from './features/search/search-workers';
import { registerClientConfigRoutes } from './features/client-config/client-config.routes';
import { createUsersRepository } from './features/users/users.repository';
import { registerUserRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { installApiDocs } from './http/api-docs';
import { API_PREFIX, installApiGuards } from './http/api-guards';
import { installApiCompression } from './http/compression';
import { answerFrameworkError, installErrorHandler, MAX_PATH_PARAM_LENGTH } from './http/error-handler';
import { installRequestLog } from './http/request-log';
import { installSecurityHeaders } from './http/security-headers';
import { installStaticClient } from './http/static-client';
import { installTextInputGuard } from './http/text-input-guard';
import type { DatabaseHandle } from './platform/db/database';
import { createLoggerOptions } from './platform/logger';
import { offlineResolveHost } from './platform/safe-fetch/target-check';
import type { ObjectStorage } from './platform/storage/object-storage';
import { createStorageFor } from './platform/storage/storage-for';
import { registerRealtimeAuthRoutes } from './realtime/channel-auth.routes';
import { registerPusherHttpApi } from './realtime/http-api';
import { type FeedPublisher, livePublishersFor, type UserEventPublisher } from './realtime/live-publishers';
import { createBroadcasterFor } from './realtime/realtime-config';
import { createRealtimeServer, type RealtimeServer } from './realtime/realtime-server';
import { createScaleOut, type ScaleOut } from './scale-out';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The built client (dist/client); omitted in API-only tests. */
  clientDir?: string;
  /** Where live feed events go; tests may listen here instead of the broadcaster. */
  publishFeedEvent?: FeedPublisher;
  /** Where events for one user's private channel go; tests may listen here too. */
  publishUserEvent?: UserEventPublisher;
  /** Where filtered feed events and feed-channel changes go (several channels at once); tests too. */
  publishToChannels?: ChannelPublisher;
  /** Tests bring their own embedded server (other credentials, short time-outs, a clock). */
  realtimeServer?: RealtimeServer;
  realtimeClock?: () => number;
  /** Where media files go; what config says (DATA_DIR/media or S3) when omitted. */
  storage?: ObjectStorage;
  /** Hears of every route as it is registered: tests that must cover them all list them here. */
  onRoute?: (route: RouteOptions) => void;
}

/** JSON bodies larger than this are refused with 413 before they are parsed. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole app, not listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clientDir } = deps;
  const { storage, close: closeStorage } = deps.storage
    ? { storage: deps.storage, close: () => undefined }
    : await createStorageFor(config.storage);
  const app = Fastify({
    logger: createLoggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: API_BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    return503OnClosing: true,
    // One line per request (installRequestLog) instead of Fastify's two: half the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
  });
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  installErrorHandler(app);
  installRequestLog(app);
  installSecurityHeaders(app, { isSecure: config.isSecure });
  await app.register(fastifyCookie);
  const scaleOut = await createScaleOut(deps.config.redis, app.log, {
    withRealtime: deps.config.realtime.kind === 'embedded' && deps.realtimeServer === undefined,
  });
  // After preClose, which closes the realtime server: its last member_removed go out through it.
  app.addHook('onClose', async () => scaleOut.close());
  const createRateLimiter = scaleOut.rateLimiter;

  const cookie = createSessionCookie(config.isSecure);
  const users = createUsersRepository(database.db);
  const auth = createAuthService({
    users,
    sessions: createSessionsRepository(database.db),
    sessionSecret: config.sessionSecret,
    // The first account created is the admin; moderation (built below) decides who that is.
    onAccountCreated: (userId) => moderation.claimFounderSeat(userId),
    limiters: {
      loginPerIp: createRateLimiter(AUTH_RATE_RULES.loginPerIp),
      loginFailuresPerAccount: createRateLimiter(AUTH_RATE_RULES.loginFailuresPerAccount),
      signUpPerIp: createRateLimiter(AUTH_RATE_RULES.signUpPerIp),
    },
  });
  installSessionHook(app, auth, cookie);
  installApiGuards(app);
  installTextInputGuard(app);

  app.get('/healthz', async () => {
    await database.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    return { status: 'ok' };
  });

  const realtime = await installRealtime(app, deps, scaleOut);
  const publishers = livePublishersFor(realtime.broadcaster, (err, channel, event) =>
    app.log.error({ err, channel, event }, 'live event not published'),
  );
  const usersService = createUsersService({ users });
  const publishToChannels: ChannelPublisher = deps.publishToChannels ?? publishers.channels;
  const safety = createSafetyService({ db: database.db, users, publish: publishToChannels });
  const notifications = createNotificationsService({
    db: database.db,
    publish: deps.publishUserEvent ?? publishers.user,
    // Nobody hears of someone they block, mute or are blocked by.
    shouldNotify: shouldNotifyUnlessHidden,
  });
  const media = createMediaService({
    db: database.db,
    storage,
    uploadLimiter: createRateLimiter(MEDIA_UPLOADS_PER_USER),
    jobs: createJobQueue(MEDIA_MAX_CONCURRENT_JOBS),
  });
  const mediaSweep = startMediaSweep(
    () => media.sweep(),
    (err) => app.log.warn({ err }, 'media clean-up failed'),
  );
  app.addHook('onClose', async () => mediaSweep.stop());
  const previewResolver = config.previewOffline ? { resolveHost: offlineResolveHost } : {};
  const linkPreviews = createLinkPreviewService({
    store: createKyselyPreviewCacheStore(database.db),
    rateLimiter: createRateLimiter(UNCACHED_PREVIEWS_PER_USER),
    allowedPrivateAddresses: config.previewAllowedAddresses,
    ...previewResolver,
    onStoreError: (err) => app.log.warn({ err }, 'link-preview cache failed'),
  });
  const previewImages = createPreviewImageService({
    images: createPreviewImagesRepository(database.db),
    storage,
    secret: config.sessionSecret,
    allowedPrivateAddresses: config.previewAllowedAddresses,
    ...previewResolver,
    onError: (err) => app.log.warn({ err }, 'link-preview image failed'),
  });
  const searchWorkers =
    config.database.kind === 'sqlite' && config.database.file !== ':memory:' && config.searchWorkers > 0
      ? startSearchWorkers(config.database.file, config.searchWorkers)
      : null;
  if (searchWorkers) app.addHook('onClose', async () => searchWorkers.close());
  const search = createSearchService({
    db: database.db,
    users: usersService,
    ...(searchWorkers ? { readPage: searchWorkers.readPage } : {}),
    hiddenAuthorsFor: (viewerId) => safety.hiddenAuthorsFor(viewerId),
  });
  scaleOut.onPostsChanged(() => search.noteChangedPosts());
  const publishFeedEvent = createLiveFeedPublisher({
    safety,
    publishPublic: deps.publishFeedEvent ?? publishers.feed,
    publishToChannels,
  });
  const posts = createPostsService({
    db: database.db,
    // Every post write publishes an event after its commit: the moment cached search hits go
    // stale, here and on every other node.
    publish: async (event) => {
      search.noteChangedPosts();
      scaleOut.announcePostsChanged();
      await publishFeedEvent(event);
    },
    users: usersService,
    notifications,
    media,
    linkPreviews: createPostLinkPreviews({ previews: linkPreviews, images: previewImages }),
    visibility: safety,
  });
  const moderation = createModerationService({
    db: database.db,
    posts,
    users,
    reportLimiter: createRateLimiter(REPORTS_PER_USER),
    closeUserSockets: publishers.closeUserSockets,
  });
  const account = createAccountService({
    db: database.db,
    media,
    posts,
    passwordChecks: createRateLimiter(PASSWORD_CHECK_FAILURES_PER_ACCOUNT),
    isAdmin: (userId) => moderation.isAdmin(userId),
    closeUserSockets: publishers.closeUserSockets,
  });

  await app.register(
    async (api) => {
      await installApiCompression(api);
      registerAuthRoutes(api, { auth, cookie });
      registerPostRoutes(api, { posts });
      registerUserRoutes(api, { users: usersService, posts, safety });
      registerAccountRoutes(api, { account, cookie });
      registerNotificationRoutes(api, { notifications });
      registerLinkPreviewRoutes(api, { service: linkPreviews, images: previewImages });
      registerMediaRoutes(api, { media });
      registerRealtimeAuthRoutes(api, { credentials: realtime.credentials });
      registerClientConfigRoutes(api, { realtime: config.realtime });
      registerSearchRoutes(api, { search });
      registerSafetyRoutes(api, { safety, isAdmin: (userId) => moderation.isAdmin(userId) });
      registerModerationRoutes(api, { moderation });
    },
    { prefix: API_PREFIX },
  );

  await installApiDocs(app);
  registerMediaFileRoutes(app, { storage });
  registerPreviewImageRoutes(app, previewImages);
  await installStaticClient(app, clientDir);
  // Last, so the sweep and requests in flight are done with storage before its sockets close.
  app.addHook('onClose', async () => closeStorage());
  return app;
}

/**
 * The embedded Pusher-protocol server shares the app's port: sockets on app.server's upgrade
 * event, the HTTP trigger API at the root. With hosted Pusher only the broadcaster is needed.
 */
async function installRealtime(app: FastifyInstance, deps: AppDeps, scaleOut: ScaleOut) {
  const target = deps.config.realtime;
  const server =
    target.kind === 'embedded'
      ? (deps.realtimeServer ??
        createRealtimeServer({
          appId: target.appId,
          key: target.key,
          secret: target.secret,
          enableClientEvents: target.clientEvents,
          ...(target.webhookUrl === undefined ? {} : { webhookUrl: target.webhookUrl }),
          logger: app.log,
          ...(scaleOut.realtime ?? {}),
        }))
      : null;
  const broadcaster = createBroadcasterFor(target, server);
  if (server) {
    await registerPusherHttpApi(app, {
      realtime: server,
      ...(deps.realtimeClock ? { now: deps.realtimeClock } : {}),
    });
    server.attach(app.server);
    // Open sockets would keep the HTTP server from closing; they get 4200 and reconnect elsewhere.
    app.addHook('preClose', async () => server.close());
  }
  app.addHook('onClose', async () => broadcaster.close());
  const credentials = server
    ? { key: server.key, secret: server.secret }
    : { key: target.key, secret: target.secret };
  return { broadcaster, credentials };
}
