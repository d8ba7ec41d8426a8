import { emailSchema } from './auth';
import {
  INSTANCE_DESCRIPTION_MAX_LENGTH,
  INSTANCE_NAME_MAX_LENGTH,
  INSTANCE_RULE_MAX_LENGTH,
  INSTANCE_RULES_MAX_COUNT,
  INVITE_MAX_USES_LIMIT,
} from './limits';
import { avatarSchema } from './media';
import { INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import { z } from './zod';

/**
 * Who may sign up: anyone; anyone, once an admin approves their application; only people with an
 * invite link; nobody (invite links still work in every mode).
 */
export const REGISTRATION_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

const text = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(isAcceptableText, INVALID_TEXT_MESSAGE);

/** What the admin sets on /admin/settings; everyone reads it through client-config. */
export const instanceSettingsSchema = z.strictObject({
  name: text(INSTANCE_NAME_MAX_LENGTH, `Names have at most ${INSTANCE_NAME_MAX_LENGTH} characters.`).pipe(
    z.string().min(1, 'Give the instance a name.'),
  ),
  description: text(
    INSTANCE_DESCRIPTION_MAX_LENGTH,
    `Descriptions have at most ${INSTANCE_DESCRIPTION_MAX_LENGTH} characters.`,
  ),
  rules: z
    .array(
      text(INSTANCE_RULE_MAX_LENGTH, `Each rule has at most ${INSTANCE_RULE_MAX_LENGTH} characters.`).pipe(
        z.string().min(1, 'A rule cannot be empty.'),
      ),
    )
    .max(INSTANCE_RULES_MAX_COUNT, `At most ${INSTANCE_RULES_MAX_COUNT} rules.`),
  /** Where people write to the operator; empty for none. */
  contactEmail: z.union([z.literal(''), emailSchema]),
  registrationMode: z.enum(REGISTRATION_MODES),
  /** Members (not only admins) may make invite links. */
  membersCanInvite: z.boolean(),
});
export type InstanceSettings = z.output<typeof instanceSettingsSchema>;

export const instanceSettingsResponseSchema = z.strictObject({ settings: instanceSettingsSchema });

/** PUT and DELETE /api/v1/admin/settings/icon: the icon now (null: the built-in mark). */
export const instanceIconResponseSchema = z.strictObject({ icon: avatarSchema.nullable() });
export type InstanceIconResponse = z.output<typeof instanceIconResponseSchema>;
export type InstanceSettingsResponse = z.output<typeof instanceSettingsResponseSchema>;

/** POST /api/v1/invites */
export const createInviteRequestSchema = z.strictObject({
  /** Null: as many sign-ups as come until it expires or is revoked. */
  maxUses: z.number().int().min(1).max(INVITE_MAX_USES_LIMIT).nullable(),
  /** Null: never expires. */
  expiresInDays: z.union([z.literal(1), z.literal(7), z.literal(30)]).nullable(),
});
export type CreateInviteRequest = z.infer<typeof createInviteRequestSchema>;

export const inviteSchema = z.strictObject({
  id: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  /** Expired, used up or revoked: no more sign-ups. */
  isActive: z.boolean(),
});
export type Invite = z.output<typeof inviteSchema>;

/** The link is shown once, when the invite is made: only its hash is kept. */
export const createdInviteResponseSchema = z.strictObject({ invite: inviteSchema, link: z.string() });
export type CreatedInviteResponse = z.output<typeof createdInviteResponseSchema>;

export const invitesResponseSchema = z.strictObject({
  invites: z.array(inviteSchema),
  /** Whether this account may make invite links now. */
  canInvite: z.boolean(),
});
export type InvitesResponse = z.output<typeof invitesResponseSchema>;

export const inviteParamsSchema = z.strictObject({ id: z.string().max(64) });

/** An application waiting for an admin, where sign-ups need approval. */
export const applicationSchema = z.strictObject({
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  email: z.string(),
  reason: z.string(),
  appliedAt: z.iso.datetime(),
});
export type Application = z.output<typeof applicationSchema>;

export const applicationsResponseSchema = z.strictObject({ applications: z.array(applicationSchema) });
export type ApplicationsResponse = z.output<typeof applicationsResponseSchema>;
