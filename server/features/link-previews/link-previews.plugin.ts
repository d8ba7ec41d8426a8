import { offlineResolveHost } from '../../platform/safe-fetch/target-check';
import type { Platform } from '../../platform/platform';
import { UNCACHED_PREVIEWS_PER_USER } from './limits';
import { createKyselyPreviewCacheStore } from './link-previews.repository';
import { registerLinkPreviewRoutes } from './link-previews.routes';
import { createLinkPreviewService } from './link-previews.service';
import { createPostLinkPreviews, type PostLinkPreviews } from './post-link-preview';
import { createPreviewImagesRepository } from './preview-images.repository';
import { registerPreviewImageRoutes } from './preview-images.routes';
import { createPreviewImageService } from './preview-images.service';

/** Link previews (GET /proxy), their same-origin images, and the cards posts store. */
export function linkPreviewsFeature(platform: Platform): PostLinkPreviews {
  const { app, config, db, storage } = platform;
  const previewResolver = config.previewOffline ? { resolveHost: offlineResolveHost } : {};
  const previews = createLinkPreviewService({
    store: createKyselyPreviewCacheStore(db),
    rateLimiter: platform.rateLimiter(UNCACHED_PREVIEWS_PER_USER),
    allowedPrivateAddresses: config.previewAllowedAddresses,
    ...previewResolver,
    onStoreError: (err) => app.log.warn({ err }, 'link-preview cache failed'),
  });
  const images = createPreviewImageService({
    images: createPreviewImagesRepository(db),
    storage,
    secret: config.sessionSecret,
    allowedPrivateAddresses: config.previewAllowedAddresses,
    ...previewResolver,
    onError: (err) => app.log.warn({ err }, 'link-preview image failed'),
  });
  platform.apiRoutes((api) => registerLinkPreviewRoutes(api, { service: previews, images }));
  registerPreviewImageRoutes(app, images);
  return createPostLinkPreviews({ previews, images });
}
