import type { FastifyInstance } from 'fastify';
import { errors } from '../../errors';
import { sendStoredObject } from '../../http/send-stored-object';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { MEDIA_URL_PREFIX } from './media.presenter';

/** Keys the app writes (see storageKeyOf); anything else is not looked up at all. */
const MEDIA_KEY_PATTERN = /^i\/([0-9a-f]{2})\/(\1[0-9a-f]{62}-\d{1,5})\.(webp|jpg|gif)$/;
/** Files never change under a key (it is their content hash), so caches may keep them forever. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** GET /media/<key>: stored files, public, outside the API (no header or session needed). */
export function registerMediaFileRoutes(app: FastifyInstance, { storage }: { storage: ObjectStorage }): void {
  app.get(`${MEDIA_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const match = MEDIA_KEY_PATTERN.exec(key);
    if (!match) throw errors.notFound('No such image.');
    const etag = `"${match[2]}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('etag', etag).header('cache-control', MEDIA_CACHE_CONTROL).send();
    }
    const stored = await storage.open(key);
    if (!stored) throw errors.notFound('No such image.');
    return sendStoredObject(reply.header('etag', etag), stored, MEDIA_CACHE_CONTROL);
  });
}
