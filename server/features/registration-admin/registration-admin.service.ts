import { randomBytes, randomUUID } from 'node:crypto';
import type { CreateInviteRequest, InstanceSettings, Invite } from '../../../common/contracts/instance';
import type { Avatar } from '../../../common/contracts/media';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import type { DomainEvents } from '../../platform/events/domain-events';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import type { Mailer } from '../../platform/mail/mailer';
import type { AdminsService } from '../admins';
import type { AuditService } from '../audit';
import type { MediaService, UploadInput } from '../media';
import { type InviteRow, type InvitesRepository, isInviteActive } from '../registration';
import { createUsersRepository } from '../users';
import { applicationApprovedMail, applicationRejectedMail, newApplicationMail } from './application.mail';
import { APPLICATIONS_LISTED, INVITE_CODE_BYTES, INVITES_LISTED } from './registration-admin.limits';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (epochMs: number) => new Date(epochMs).toISOString();

function presentInvite(row: InviteRow, now: number): Invite {
  return {
    id: row.id,
    createdAt: iso(row.created_at),
    expiresAt: row.expires_at === null ? null : iso(row.expires_at),
    maxUses: row.max_uses,
    uses: row.uses,
    isActive: isInviteActive(row, now),
  };
}

/** The settings' fields whose values differ, by name: what the audit log says changed. */
function changedFields(before: InstanceSettings, after: InstanceSettings): string[] {
  return (Object.keys(after) as (keyof InstanceSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** The admin's side of registration: settings, the approval queue; and everyone's invite links. */
export function createRegistrationAdminService(deps: {
  db: Db;
  instance: InstanceSettingsStore;
  events: DomainEvents;
  invites: InvitesRepository;
  admins: Pick<AdminsService, 'isAdmin' | 'adminIds'>;
  audit: Pick<AuditService, 'record'>;
  media: Pick<MediaService, 'uploadAvatar' | 'attachAvatar' | 'removeById'>;
  mail: Mailer;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, instance, events, invites, admins, audit, media, mail, publicUrl, now = Date.now } = deps;
  const users = createUsersRepository(db);

  async function requireAdmin(userId: string): Promise<void> {
    if (!(await admins.isAdmin(userId))) throw errors.adminOnly();
  }

  /** Every node drops its cached settings; the audit log says the icon changed. */
  async function iconChanged(adminId: string): Promise<void> {
    await events.emit('instance.changed', {});
    await audit.record(adminId, { action: 'instance.settings_changed', detail: { fields: ['icon'] } });
  }

  async function canInvite(userId: string): Promise<boolean> {
    return (await instance.current()).membersCanInvite || admins.isAdmin(userId);
  }

  async function pendingApplicant(userId: string) {
    const user = await users.findById(userId);
    if (!user || user.applied_at === null)
      throw errors.notFound('This application does not exist or was decided.');
    return user;
  }

  return {
    requireAdmin,

    async settings(adminId: string): Promise<InstanceSettings> {
      await requireAdmin(adminId);
      return instance.current();
    },

    async saveSettings(adminId: string, settings: InstanceSettings): Promise<InstanceSettings> {
      await requireAdmin(adminId);
      const before = await instance.current();
      await instance.save(settings, now());
      await events.emit('instance.changed', {});
      const fields = changedFields(before, settings);
      if (fields.length > 0)
        await audit.record(adminId, { action: 'instance.settings_changed', detail: { fields } });
      return instance.current();
    },

    /**
     * The image pipeline makes it square in every avatar size, as for a profile picture; the
     * uploading admin owns its media row, which the settings then name.
     */
    async setIcon(adminId: string, read: () => Promise<UploadInput>): Promise<Avatar | null> {
      await requireAdmin(adminId);
      const { id, avatar } = await media.uploadAvatar(adminId, read);
      // Attached, so the sweep of unused uploads leaves it alone.
      const uploaded = await db.transaction().execute((trx) => media.attachAvatar(trx, adminId, id));
      if (!uploaded) throw new Error('the new icon vanished before use');
      const previous = await instance.setIcon({ mediaId: id, json: JSON.stringify(avatar) }, now());
      if (previous && previous !== id) await media.removeById(previous);
      await iconChanged(adminId);
      return instance.icon();
    },

    async removeIcon(adminId: string): Promise<null> {
      await requireAdmin(adminId);
      const previous = await instance.setIcon(null, now());
      if (previous) await media.removeById(previous);
      await iconChanged(adminId);
      return null;
    },

    async invitesOf(userId: string): Promise<{ invites: Invite[]; canInvite: boolean }> {
      const rows = await invites.listBy(userId, INVITES_LISTED);
      return { invites: rows.map((row) => presentInvite(row, now())), canInvite: await canInvite(userId) };
    },

    async createInvite(
      userId: string,
      input: CreateInviteRequest,
    ): Promise<{ invite: Invite; link: string }> {
      if (!(await canInvite(userId))) throw errors.invitesNotAllowed();
      const code = randomBytes(INVITE_CODE_BYTES).toString('base64url');
      const at = now();
      const row = {
        id: randomUUID(),
        created_by: userId,
        created_at: at,
        expires_at: input.expiresInDays === null ? null : at + input.expiresInDays * DAY_MS,
        max_uses: input.maxUses,
      };
      await invites.insert(row, code);
      // A member's own invite links are theirs; an admin's are the instance's, and logged.
      if (await admins.isAdmin(userId)) await audit.record(userId, { action: 'invite.created' });
      // In the fragment, like e-mailed links: it reaches neither access logs nor Referer headers.
      const link = `${publicUrl}/signup#invite=${code}`;
      return { invite: presentInvite({ ...row, code_hash: '', uses: 0, revoked_at: null }, at), link };
    },

    async revokeInvite(userId: string, inviteId: string): Promise<void> {
      if (!(await invites.revoke(inviteId, userId, now())))
        throw errors.notFound('This invite link does not exist or was already withdrawn.');
      if (await admins.isAdmin(userId)) await audit.record(userId, { action: 'invite.revoked' });
    },

    async applications(adminId: string) {
      await requireAdmin(adminId);
      const rows = await users.listApplications(APPLICATIONS_LISTED);
      return rows.map((row) => ({
        userId: row.id,
        handle: row.handle,
        displayName: row.display_name,
        email: row.email,
        reason: row.application_reason ?? '',
        appliedAt: iso(row.applied_at ?? row.created_at),
      }));
    },

    /** A new account that waits for approval: every admin is told, with the reason it gave. */
    async announceIfApplication(userId: string): Promise<void> {
      const applicant = await users.findById(userId);
      if (!applicant || applicant.applied_at === null) return;
      const name = (await instance.current()).name;
      for (const adminId of await admins.adminIds()) {
        const admin = await users.findById(adminId);
        if (!admin) continue;
        await mail.queue(
          newApplicationMail(
            { email: admin.email, displayName: admin.display_name },
            {
              email: applicant.email,
              displayName: applicant.display_name,
              handle: applicant.handle,
              reason: applicant.application_reason ?? '',
            },
            `${publicUrl}/admin/applications`,
            name,
          ),
        );
      }
    },

    async approve(adminId: string, userId: string): Promise<void> {
      await requireAdmin(adminId);
      const user = await pendingApplicant(userId);
      await users.approve(userId);
      await audit.record(adminId, { action: 'application.approved', targetUserId: userId });
      const to = { email: user.email, displayName: user.display_name, handle: user.handle };
      await mail.queue(applicationApprovedMail(to, `${publicUrl}/login`, (await instance.current()).name));
    },

    /** The account had nothing yet but its row: it goes, and its address and handle are free again. */
    async reject(adminId: string, userId: string): Promise<void> {
      await requireAdmin(adminId);
      const user = await pendingApplicant(userId);
      // Before the row goes: the entry keeps the handle the applicant asked for.
      await audit.record(adminId, { action: 'application.rejected', targetUserId: userId });
      await users.delete(userId);
      const to = { email: user.email, displayName: user.display_name, handle: user.handle };
      await mail.queue(applicationRejectedMail(to, (await instance.current()).name));
    },
  };
}

export type RegistrationAdminService = ReturnType<typeof createRegistrationAdminService>;
