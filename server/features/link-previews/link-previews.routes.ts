import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import { parsePreviewQuery } from './link-previews.schema';
import type { LinkPreviewService } from './link-previews.service';
import { presentLinkPreview } from './link-previews.presenter';
import { previewError } from './preview-errors';
import type { PreviewImageService } from './preview-images.service';

export interface LinkPreviewRoutesDeps {
  service: LinkPreviewService;
  images: PreviewImageService;
}

/** GET /proxy (under /api/v1): the same-origin link-preview proxy (docs/spec.md#the-proxy-endpoint). */
export function registerLinkPreviewRoutes(
  app: FastifyInstance,
  { service, images }: LinkPreviewRoutesDeps,
): void {
  defineRoute(app, routes['linkPreviews.get'], async (request) => {
    const user = requireUser(request);
    // The table's schema, with the proxy's own error codes (invalid_url) instead of field messages.
    const { publicId, url } = parsePreviewQuery(request.query);
    const outcome = await service.getPreview(user.id, url);
    const status = !outcome.ok && 'status' in outcome ? outcome.status : undefined;
    request.log.info(
      { publicId, url, outcome: outcome.ok ? 'ok' : outcome.code, upstreamStatus: status },
      'link preview',
    );
    if (!outcome.ok) throw previewError(outcome);
    return presentLinkPreview(outcome.preview, await images.proxyUrlOf(outcome.preview));
  });
}
