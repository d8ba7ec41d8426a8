import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config';
import { accountFeature } from './features/account/account.plugin';
import { adminsFeature } from './features/admins/admins.plugin';
import { auditFeature } from './features/audit/audit.plugin';
import { authFeature } from './features/auth/auth.plugin';
import { clientConfigFeature } from './features/client-config/client-config.plugin';
import { webAppFeature } from './features/web-app/web-app.plugin';
import { webPushFeature, type WebPushFeature } from './features/web-push/web-push.plugin';
import { bookmarksFeature } from './features/bookmarks/bookmarks.plugin';
import { dataExportFeature, type DataExportFeature } from './features/data-export/data-export.plugin';
import { emailNotificationsFeature } from './features/email-notifications/email-notifications.plugin';
import { emailConfirmationFeature } from './features/email-confirmation/email-confirmation.plugin';
import { linkPreviewsFeature } from './features/link-previews/link-previews.plugin';
import { mailAdminFeature } from './features/mail-admin/mail-admin.plugin';
import { liveFeature, type LiveSinks } from './features/live/live.plugin';
import { mediaFeature } from './features/media/media.plugin';
import { moderationFeature } from './features/moderation/moderation.plugin';
import { notificationsFeature } from './features/notifications/notifications.plugin';
import { passwordResetFeature } from './features/password-reset/password-reset.plugin';
import { followsFeature } from './features/follows/follows.plugin';
import { postsFeature } from './features/posts/posts.plugin';
import { registrationFeature } from './features/registration/registration.plugin';
import { registrationAdminFeature } from './features/registration-admin/registration-admin.plugin';
import { profilesFeature } from './features/profiles/profiles.plugin';
import { safetyFeature } from './features/safety/safety.plugin';
import { searchFeature } from './features/search/search.plugin';
import { timelinesFeature } from './features/timelines/timelines.plugin';
import { userAdminFeature } from './features/user-admin/user-admin.plugin';
import { usersFeature } from './features/users/users.plugin';
import { installApiDocs } from './http/api-docs';
import { API_PREFIX, installApiGuards } from './http/api-guards';
import { installApiCompression } from './http/compression';
import { answerFrameworkError, installErrorHandler, MAX_PATH_PARAM_LENGTH } from './http/error-handler';
import { installRequestLog } from './http/request-log';
import { installAnswerChecking } from './http/route-table';
import { installSecurityHeaders } from './http/security-headers';
import { installStaticClient } from './http/static-client';
import { installTextInputGuard } from './http/text-input-guard';
import { createPasswordHasher } from './platform/crypto/passwords';
import type { DatabaseHandle } from './platform/db/database';
import { createDomainEvents } from './platform/events/domain-events';
import { createInstanceSettingsStore } from './platform/instance/instance-settings';
import { createLoggerOptions } from './platform/logger';
import { startMailDelivery } from './platform/mail/mail-delivery';
import { createMailOutbox } from './platform/mail/mail-outbox';
import { createMailTransport } from './platform/mail/mail-transport';
import { createMailer } from './platform/mail/mailer';
import { createBodySeal } from './platform/mail/sealed-body';
import type { ApiRoutes, Platform } from './platform/platform';
import type { ObjectStorage } from './platform/storage/object-storage';
import { createStorageFor } from './platform/storage/storage-for';
import { installRealtime } from './realtime/install-realtime';
import type { RealtimeServer } from './realtime/realtime-server';
import { startReadWorkers } from './read-workers';
import { createScaleOut } from './scale-out';

/** What tests change in the app they build; production passes none of it. */
export interface TestHooks {
  /** Live events go here instead of to the broadcaster, so tests read what readers would get. */
  live?: LiveSinks;
  /** The test's own embedded server (other credentials, short time-outs) and its API's clock. */
  realtime?: { server: RealtimeServer; clock?: () => number };
  /** Hears of every route as it is registered: tests that must cover them all list them here. */
  onRoute?: (route: RouteOptions) => void;
  /** Gets the data-export job, so tests run its rounds rather than wait for its timer. */
  onDataExportJob?: (job: DataExportFeature['job']) => void;
  /** Push delivery, for tests that send what is due themselves. */
  onPushDelivery?: (delivery: WebPushFeature['delivery']) => void;
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The built client (dist/client); omitted in API-only tests. */
  clientDir?: string;
  /** Where media files go; what config says (DATA_DIR/media or S3) when omitted. */
  storage?: ObjectStorage;
  testHooks?: TestHooks;
}

/** JSON bodies larger than this are refused with 413 before they are parsed. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole app, not listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clientDir, testHooks = {} } = deps;
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
  const { onRoute } = testHooks;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  installErrorHandler(app);
  installAnswerChecking(app, config.checkAnswers);
  installRequestLog(app);
  installSecurityHeaders(app, { isSecure: config.isSecure });
  await app.register(fastifyCookie);
  const scaleOut = await createScaleOut(config.redis, app.log, {
    withRealtime: config.realtime.kind === 'embedded' && testHooks.realtime === undefined,
  });
  // After preClose, which closes the realtime server: its last member_removed go out through it.
  app.addHook('onClose', async () => scaleOut.close());
  const mailOutbox = createMailOutbox(database.db);
  const mailSeal = createBodySeal(config.sessionSecret);
  const mailDelivery = startMailDelivery({
    outbox: mailOutbox,
    transport: createMailTransport(config.mail, app.log),
    seal: mailSeal,
    log: app.log,
  });
  // Before the database closes: the round in progress finishes writing what it sent.
  app.addHook('onClose', async () => mailDelivery.stop());
  const apiRoutes: ApiRoutes[] = [];
  let apiScopeBuilt = false;
  const events = createDomainEvents(scaleOut.events, (err, event) =>
    app.log.error({ err, event }, "reaction to another node's event failed"),
  );
  const instance = createInstanceSettingsStore(database.db);
  events.onAnyNode('instance.changed', () => instance.forget());
  const platform: Platform = {
    app,
    apiRoutes(register) {
      // A route added after the scope is registered would silently never exist.
      if (apiScopeBuilt) throw new Error('API routes must be added while the features are built');
      apiRoutes.push(register);
    },
    config,
    db: database.db,
    passwords: createPasswordHasher(config.passwordHashCost),
    storage,
    rateLimiter: scaleOut.rateLimiter,
    mail: createMailer(mailOutbox, mailSeal, mailDelivery),
    mailOutbox,
    instance,
    events,
  };

  const readWorkers =
    config.database.kind === 'sqlite' && config.database.file !== ':memory:' && config.readWorkers > 0
      ? startReadWorkers(config.database.file, config.readWorkers)
      : null;
  if (readWorkers) app.addHook('onClose', async () => readWorkers.close());

  // Features in dependency order: each gets the services of those before it, never after.
  const users = usersFeature(platform);
  const admins = adminsFeature(platform);
  const registration = registrationFeature(platform);
  const auth = authFeature(platform, { users, registration });
  passwordResetFeature(platform, { users });
  const emailConfirmation = emailConfirmationFeature(platform);
  const audit = auditFeature(platform, { users, admins });
  // After the session hook (auth), which resolves what they check.
  installApiGuards(app);
  installTextInputGuard(app);
  app.get('/healthz', async () => {
    await database.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    return { status: 'ok' };
  });
  const realtime = await installRealtime(app, config.realtime, {
    cluster: scaleOut.realtime,
    ...(testHooks.realtime ? { server: testHooks.realtime.server } : {}),
    ...(testHooks.realtime?.clock ? { clock: testHooks.realtime.clock } : {}),
  });
  const live = liveFeature(platform, { realtime }, testHooks.live);
  const safety = safetyFeature(platform, { users, live, admins });
  const notifications = notificationsFeature(platform, { live });
  emailNotificationsFeature(platform);
  const media = mediaFeature(platform);
  const linkPreviews = linkPreviewsFeature(platform);
  const posts = postsFeature(platform, { users, notifications, media, linkPreviews, safety });
  const dataExport = dataExportFeature(platform, { notifications });
  testHooks.onDataExportJob?.(dataExport.job);
  searchFeature(platform, { users, safety, readPage: readWorkers?.readSearchPage ?? null });
  const follows = followsFeature(platform, { users, notifications, safety });
  timelinesFeature(platform, { safety, readPage: readWorkers?.readTimelinePage ?? null });
  bookmarksFeature(platform, { posts, safety });
  profilesFeature(platform, { users, posts, safety, follows });
  moderationFeature(platform, { users, posts, admins, audit, live });
  userAdminFeature(platform, { admins, audit, live });
  accountFeature(platform, {
    users,
    auth,
    emailConfirmation,
    media,
    posts,
    admins,
    live,
    dataExport: dataExport.service,
  });
  mailAdminFeature(platform, { admins });
  registrationAdminFeature(platform, { admins, audit, media, registration });
  clientConfigFeature(platform);
  webAppFeature(platform);
  const webPush = webPushFeature(platform);
  testHooks.onPushDelivery?.(webPush.delivery);

  await app.register(
    async (api) => {
      await installApiCompression(api);
      for (const register of apiRoutes) await register(api);
    },
    { prefix: API_PREFIX },
  );
  apiScopeBuilt = true;
  await installApiDocs(app);
  await installStaticClient(app, clientDir);
  // Last, so the sweep and requests in flight are done with storage before its sockets close.
  app.addHook('onClose', async () => closeStorage());
  return app;
}
