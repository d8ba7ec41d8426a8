import { publicProfileSchema } from './users';
import { z } from './zod';

/** Admins run the instance; moderators handle reports and suspensions, not settings or roles. */
export const STAFF_ROLES = ['admin', 'moderator'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.output<typeof staffRoleSchema>;

/** Accounts on one page of the admin's user list. */
export const ADMIN_USERS_PAGE_SIZE = 25;

export const ADMIN_USER_FILTERS = ['all', 'staff', 'suspended', 'pending', 'unconfirmed'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

/** GET /api/v1/admin/users: a search over handles, names and (for admins) addresses, and a filter. */
export const adminUsersQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  filter: z.enum(ADMIN_USER_FILTERS).default('all'),
  cursor: z.string().max(200).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.strictObject({
  user: publicProfileSchema,
  /** Shown to admins; null for moderators, who do not need anyone's address. */
  email: z.string().nullable(),
  role: staffRoleSchema.nullable(),
  /** The account that founded the instance: its role cannot be changed. */
  founder: z.boolean(),
  suspended: z.boolean(),
  pendingApproval: z.boolean(),
  emailConfirmed: z.boolean(),
  twoFactor: z.boolean(),
});
export type AdminUser = z.output<typeof adminUserSchema>;

export const adminUserPageSchema = z.strictObject({
  users: z.array(adminUserSchema),
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.output<typeof adminUserPageSchema>;

/** PUT /api/v1/admin/users/:id/role: null takes the role away. */
export const setRoleRequestSchema = z.strictObject({ role: staffRoleSchema.nullable() });
export type SetRoleRequest = z.input<typeof setRoleRequestSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid() });

/** Every kind of entry the audit log holds. */
export const AUDIT_ACTIONS = [
  'report.resolved',
  'report.dismissed',
  'post.removed',
  'user.suspended',
  'user.unsuspended',
  'user.role_changed',
  'user.password_reset_forced',
  'instance.settings_changed',
  'application.approved',
  'application.rejected',
  'invite.created',
  'invite.revoked',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.output<typeof auditActionSchema>;

/** What an entry adds to its action and target: a new role, or the settings that changed. */
export const auditDetailSchema = z.strictObject({
  role: staffRoleSchema.nullable().optional(),
  fields: z.array(z.string()).optional(),
});
export type AuditDetail = z.output<typeof auditDetailSchema>;

export const auditEntrySchema = z.strictObject({
  id: z.string(),
  action: auditActionSchema,
  /** The handle of who did it then; null for the operator's command line. */
  actorHandle: z.string().nullable(),
  targetHandle: z.string().nullable(),
  postId: z.string().nullable(),
  detail: auditDetailSchema,
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.strictObject({ cursor: z.string().max(200).optional() });
export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.output<typeof auditPageSchema>;
