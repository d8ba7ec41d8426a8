import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Avatar } from '../../../common/contracts/media';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { MEDIA_URL_PREFIX } from '../media';
import { type IconSource, renderAppIcons } from './app-icons';
import { APP_MARK_COLOR, APP_MARK_SVG } from './app-mark';
import { MANIFEST_BACKGROUND_COLOR } from './web-app-manifest';

/** The home-screen icons of the moment, with a version that changes when their source does. */
export interface AppIcons {
  version: string;
  files: ReadonlyMap<string, Buffer>;
}

export interface AppIconStore {
  current(): Promise<AppIcons>;
}

const VERSION_LENGTH = 12;

/** The largest stored rendition of the instance icon, as its storage key. */
function largestKeyOf(icon: Avatar): string | null {
  const largest = [...icon.fallback].sort((a, b) => b.width - a.width)[0];
  return largest?.url.startsWith(MEDIA_URL_PREFIX) ? largest.url.slice(MEDIA_URL_PREFIX.length) : null;
}

/**
 * Draws the icons once per source (the admin's instance icon, or Tidings' mark when there is
 * none or its file is gone) and keeps them in memory: a handful of small PNGs, drawn again only
 * when the admin changes the icon (the settings store forgets it on `instance.changed`).
 */
export function createAppIconStore({
  instance,
  storage,
}: {
  instance: Pick<InstanceSettingsStore, 'icon'>;
  storage: Pick<ObjectStorage, 'open'>;
}): AppIconStore {
  let drawn: { sourceKey: string; icons: Promise<AppIcons> } | null = null;

  async function sourceOf(key: string | null): Promise<IconSource> {
    const stored = key === null ? null : await storage.open(key);
    if (stored === null) return { bytes: Buffer.from(APP_MARK_SVG), background: APP_MARK_COLOR };
    return { bytes: await buffer(stored.body), background: MANIFEST_BACKGROUND_COLOR };
  }

  async function draw(key: string | null): Promise<AppIcons> {
    const source = await sourceOf(key);
    const version = createHash('sha256').update(source.bytes).digest('hex').slice(0, VERSION_LENGTH);
    return { version, files: await renderAppIcons(source) };
  }

  return {
    async current() {
      const icon = await instance.icon();
      const key = icon === null ? null : largestKeyOf(icon);
      const sourceKey = key ?? 'mark';
      if (drawn?.sourceKey !== sourceKey) {
        const icons = draw(key);
        drawn = { sourceKey, icons };
        // A failed drawing is tried again on the next request rather than kept.
        icons.catch(() => {
          if (drawn?.icons === icons) drawn = null;
        });
      }
      return drawn.icons;
    },
  };
}
