import { z } from '../../../common/contracts/zod';
import { type InstanceSettings, REGISTRATION_MODES } from '../../../common/contracts/instance';
import { type Avatar, avatarSchema } from '../../../common/contracts/media';
import type { Db } from '../db/database';
import { readStoredJson } from '../db/stored-json';

const SETTINGS_ROW = 1;
const rulesSchema = z.array(z.string());

/**
 * The admin's settings for this instance (name, description, rules, contact, who may sign up,
 * the icon),
 * read on nearly every sign-up, e-mail and page load: kept in memory, and dropped whenever any
 * node saves new ones (`forget`, on the mirrored `instance.changed` event).
 */
export interface InstanceSettingsStore {
  current(): Promise<InstanceSettings>;
  /** The icon the admin uploaded, in every avatar size; null for the built-in mark. */
  icon(): Promise<Avatar | null>;
  save(settings: InstanceSettings, at: number): Promise<void>;
  /** Names the icon's media row and its presented JSON; null for none. Answers the row it replaced. */
  setIcon(icon: { mediaId: string; json: string } | null, at: number): Promise<string | null>;
  forget(): void;
}

interface Stored {
  settings: InstanceSettings;
  icon: Avatar | null;
}

export function createInstanceSettingsStore(db: Db): InstanceSettingsStore {
  let cached: Promise<Stored> | null = null;

  async function read(): Promise<Stored> {
    const row = await db
      .selectFrom('instance_settings')
      .selectAll()
      .where('id', '=', SETTINGS_ROW)
      .executeTakeFirstOrThrow();
    const mode = REGISTRATION_MODES.find((known) => known === row.registration_mode);
    const settings: InstanceSettings = {
      name: row.name,
      description: row.description,
      rules: readStoredJson(rulesSchema, row.rules_json, 'instance_settings.rules_json'),
      contactEmail: row.contact_email,
      // A mode this version does not know (a newer one wrote it) lets nobody in rather than everyone.
      registrationMode: mode ?? 'closed',
      membersCanInvite: row.members_can_invite === 1,
    };
    const icon =
      row.icon_media_id !== null && row.icon_json !== null
        ? readStoredJson(avatarSchema, row.icon_json, 'instance_settings.icon_json')
        : null;
    return { settings, icon };
  }

  function stored(): Promise<Stored> {
    cached ??= read().catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  }

  return {
    async current() {
      return (await stored()).settings;
    },
    async icon() {
      return (await stored()).icon;
    },
    async setIcon(icon, at) {
      const before = await db
        .selectFrom('instance_settings')
        .select('icon_media_id')
        .where('id', '=', SETTINGS_ROW)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('instance_settings')
        .set({ icon_media_id: icon?.mediaId ?? null, icon_json: icon?.json ?? null, updated_at: at })
        .where('id', '=', SETTINGS_ROW)
        .execute();
      cached = null;
      return before.icon_media_id;
    },
    async save(settings, at) {
      await db
        .updateTable('instance_settings')
        .set({
          name: settings.name,
          description: settings.description,
          rules_json: JSON.stringify(settings.rules),
          contact_email: settings.contactEmail,
          registration_mode: settings.registrationMode,
          members_can_invite: settings.membersCanInvite ? 1 : 0,
          updated_at: at,
        })
        .where('id', '=', SETTINGS_ROW)
        .execute();
      cached = null;
    },
    forget() {
      cached = null;
    },
  };
}
