import type { FastifyInstance } from 'fastify';
import { errors } from '../../errors';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { AppIconStore } from './app-icon-store';
import { APP_ICONS_PATH } from './app-icons';
import { buildManifest, MANIFEST_PATH } from './web-app-manifest';

/** The manifest names the icons of the moment: a browser asks again after every change. */
const MANIFEST_CACHE = 'no-cache';
/** An icon asked for by its current version never changes under that URL. */
const VERSIONED_ICON_CACHE = 'public, max-age=31536000, immutable';
/** Any other (an old version, or none): revalidated, so an old URL never pins an old icon. */
const UNVERSIONED_ICON_CACHE = 'no-cache';

/**
 * GET /manifest.webmanifest and GET /app-icons/<file>: what makes the app installable on a home
 * screen. Outside the API: the browser fetches them itself, without our header or a session.
 */
export function registerWebAppRoutes(
  app: FastifyInstance,
  { instance, icons }: { instance: Pick<InstanceSettingsStore, 'current'>; icons: AppIconStore },
): void {
  app.get(MANIFEST_PATH, async (_request, reply) => {
    const [settings, current] = await Promise.all([instance.current(), icons.current()]);
    return reply
      .type('application/manifest+json')
      .header('cache-control', MANIFEST_CACHE)
      .send(JSON.stringify(buildManifest(settings, current.version)));
  });

  app.get<{ Params: { file: string }; Querystring: { v?: unknown } }>(
    `${APP_ICONS_PATH}:file`,
    async (request, reply) => {
      const current = await icons.current();
      const png = current.files.get(request.params.file);
      if (png === undefined) throw errors.notFound('No such icon.');
      const isCurrent = request.query.v === current.version;
      return reply
        .type('image/png')
        .header('cache-control', isCurrent ? VERSIONED_ICON_CACHE : UNVERSIONED_ICON_CACHE)
        .send(png);
    },
  );
}
