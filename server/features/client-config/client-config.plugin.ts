import type { Platform } from '../../platform/platform';
import { registerClientConfigRoutes } from './client-config.routes';

/** GET /client-config: what the browser needs to connect. */
export function clientConfigFeature(platform: Platform): void {
  platform.apiRoutes((api) => registerClientConfigRoutes(api, { realtime: platform.config.realtime }));
}
