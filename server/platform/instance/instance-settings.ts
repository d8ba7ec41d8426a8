import { z } from '../../../common/contracts/zod';
import { type InstanceSettings, REGISTRATION_MODES } from '../../../common/contracts/instance';
import type { Db } from '../db/database';
import { readStoredJson } from '../db/stored-json';

const SETTINGS_ROW = 1;
const rulesSchema = z.array(z.string());

/**
 * The admin's settings for this instance (name, description, rules, contact, who may sign up),
 * read on nearly every sign-up, e-mail and page load: kept in memory, and dropped whenever any
 * node saves new ones (`forget`, on the mirrored `instance.changed` event).
 */
export interface InstanceSettingsStore {
  current(): Promise<InstanceSettings>;
  save(settings: InstanceSettings, at: number): Promise<void>;
  forget(): void;
}

export function createInstanceSettingsStore(db: Db): InstanceSettingsStore {
  let cached: Promise<InstanceSettings> | null = null;

  async function read(): Promise<InstanceSettings> {
    const row = await db
      .selectFrom('instance_settings')
      .selectAll()
      .where('id', '=', SETTINGS_ROW)
      .executeTakeFirstOrThrow();
    const mode = REGISTRATION_MODES.find((known) => known === row.registration_mode);
    return {
      name: row.name,
      description: row.description,
      rules: readStoredJson(rulesSchema, row.rules_json, 'instance_settings.rules_json'),
      contactEmail: row.contact_email,
      // A mode this version does not know (a newer one wrote it) lets nobody in rather than everyone.
      registrationMode: mode ?? 'closed',
      membersCanInvite: row.members_can_invite === 1,
    };
  }

  return {
    current() {
      cached ??= read().catch((error: unknown) => {
        cached = null;
        throw error;
      });
      return cached;
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
