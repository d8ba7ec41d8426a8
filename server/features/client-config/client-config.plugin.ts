import type { Platform } from '../../platform/platform';
import { registerClientConfigRoutes } from './client-config.routes';

/** GET /client-config: what the browser needs to connect, and the instance's public settings. */
export function clientConfigFeature(platform: Platform): void {
  const { config, instance } = platform;
  platform.apiRoutes((api) =>
    registerClientConfigRoutes(api, {
      realtime: config.realtime,
      instance,
      emailConfirmationRequired: config.requireEmailConfirmation,
    }),
  );
}
