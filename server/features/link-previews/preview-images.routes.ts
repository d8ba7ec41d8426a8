import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../../errors';
import { sendStoredObject } from '../../http/send-stored-object';
import { parseInput } from '../../http/parse-input';
import { PREVIEW_IMAGE_CACHE_SECONDS } from './limits';
import { PREVIEW_IMAGE_ROUTE_PREFIX, type PreviewImageService } from './preview-images.service';

const paramsSchema = z.object({ file: z.string().regex(/^[a-f0-9]{64}\.webp$/) });

/**
 * GET /media/p/<token>.webp, outside /api/v1: an <img> cannot send X-Requested-With. Public
 * like the feed it belongs to; it only ever serves copies of images the server issued tokens for.
 */
export function registerPreviewImageRoutes(app: FastifyInstance, images: PreviewImageService): void {
  app.get(`${PREVIEW_IMAGE_ROUTE_PREFIX}:file`, async (request, reply) => {
    const { file } = parseInput(paramsSchema, request.params);
    const stored = await images.open(file.slice(0, -'.webp'.length));
    if (!stored) throw errors.notFound('This preview image is not available.');
    return sendStoredObject(reply, stored, `public, max-age=${PREVIEW_IMAGE_CACHE_SECONDS}, immutable`);
  });
}
