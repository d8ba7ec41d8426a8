import type { Platform } from '../../platform/platform';
import { createJobQueue } from './job-queue';
import { MEDIA_MAX_CONCURRENT_JOBS, MEDIA_UPLOADS_PER_USER } from './limits';
import { registerMediaFileRoutes } from './media-files.routes';
import { startMediaSweep } from './media-sweep';
import { registerMediaRoutes } from './media.routes';
import { createMediaService, type MediaService } from './media.service';

/** Image uploads (in the API), the files themselves (outside it, under /media) and their sweep. */
export function mediaFeature(platform: Platform): MediaService {
  const { app, db, storage } = platform;
  const media = createMediaService({
    db,
    storage,
    uploadLimiter: platform.rateLimiter(MEDIA_UPLOADS_PER_USER),
    jobs: createJobQueue(MEDIA_MAX_CONCURRENT_JOBS),
  });
  const sweep = startMediaSweep(
    () => media.sweep(),
    (err) => app.log.warn({ err }, 'media clean-up failed'),
  );
  app.addHook('onClose', async () => sweep.stop());
  platform.apiRoutes((api) => registerMediaRoutes(api, { media }));
  registerMediaFileRoutes(app, { storage });
  return media;
}
