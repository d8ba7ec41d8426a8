import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MediaUploadResponse } from '../../../common/contracts/media';
import { errors } from '../../errors';
import { parseInput } from '../../http/parse-input';
import { requireUser } from '../auth';
import type { MediaService } from './media.service';
import { readUpload, registerImageMultipart } from './upload-form';

const mediaParamsSchema = z.object({ id: z.uuid({ error: 'Not an image id.' }) });

export function registerMediaRoutes(api: FastifyInstance, { media }: { media: MediaService }): void {
  // Multipart parsing exists only for the upload route, with limits from the named constants.
  void api.register(async (uploads) => {
    await registerImageMultipart(uploads);
    uploads.post('/media', async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw errors.unsupportedMediaType();
      const image = await media.upload(user.id, () => readUpload(request, uploads));
      const body: MediaUploadResponse = { image };
      return reply.status(201).send(body);
    });
  });

  api.delete('/media/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(mediaParamsSchema, request.params);
    await media.remove(user.id, id);
    return reply.status(204).send();
  });
}
