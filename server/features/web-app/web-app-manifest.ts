import type { InstanceSettings } from '../../../common/contracts/instance';
import { APP_ICONS, APP_ICONS_PATH } from './app-icons';

/** Where the manifest is served; index.html links it. */
export const MANIFEST_PATH = '/manifest.webmanifest';
/** Launchers cut longer names under an icon; the full name stays in `name`. */
export const SHORT_NAME_MAX_LENGTH = 12;
/**
 * The page's background in light mode, for the splash screen and the title bar of the installed
 * app. Dark mode's (#020617) is set per colour scheme in index.html; a manifest holds one colour.
 */
export const MANIFEST_BACKGROUND_COLOR = '#ffffff';

/** The fields of the Web App Manifest this app sets (W3C Web Application Manifest). */
export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description?: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

function shortNameOf(name: string): string {
  return name.length <= SHORT_NAME_MAX_LENGTH ? name : name.slice(0, SHORT_NAME_MAX_LENGTH).trimEnd();
}

/**
 * The manifest of this instance: its name and description from the admin's settings, and the
 * icons drawn from its icon (`iconVersion` changes with it, so browsers fetch new ones).
 */
export function buildManifest(settings: InstanceSettings, iconVersion: string): WebAppManifest {
  const description = settings.description.trim();
  return {
    id: '/',
    name: settings.name,
    short_name: shortNameOf(settings.name),
    ...(description === '' ? {} : { description }),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: MANIFEST_BACKGROUND_COLOR,
    theme_color: MANIFEST_BACKGROUND_COLOR,
    icons: APP_ICONS.flatMap((icon) =>
      icon.purpose === 'apple-touch'
        ? []
        : [
            {
              src: `${APP_ICONS_PATH}${icon.file}?v=${iconVersion}`,
              sizes: `${icon.size}x${icon.size}`,
              type: 'image/png' as const,
              purpose: icon.purpose,
            },
          ],
    ),
  };
}
