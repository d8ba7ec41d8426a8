import type { Platform } from '../../platform/platform';
import { createAppIconStore } from './app-icon-store';
import { registerWebAppRoutes } from './web-app.routes';

/** The web app manifest and home-screen icons, from the instance's name, description and icon. */
export function webAppFeature(platform: Platform): void {
  const { app, instance, storage } = platform;
  registerWebAppRoutes(app, { instance, icons: createAppIconStore({ instance, storage }) });
}
