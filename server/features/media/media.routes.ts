import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import { requirePoster, requireUser } from '../auth';
import type { MediaService } from './media.service';
import { readUpload, registerImageMultipart } from './upload-form';

export function registerMediaRoutes(api: FastifyInstance, { media }: { media: MediaService }): void {
  // Multipart parsing exists only for the upload route, with limits from the named constants.
  void api.register(async (uploads) => {
    await registerImageMultipart(uploads);
    defineRoute(uploads, routes['media.upload'], async (request) => {
      const user = requirePoster(request);
      if (!request.isMultipart()) throw errors.unsupportedMediaType();
      return { image: await media.upload(user.id, () => readUpload(request, uploads)) };
    });
  });

  defineRoute(api, routes['media.remove'], async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    await media.remove(user.id, id);
  });
}
