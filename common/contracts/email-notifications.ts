import { z } from './zod';

/** The notifications an account may also get by e-mail. Likes never are: too many, too small. */
export const EMAILED_NOTIFICATION_TYPES = ['mention', 'reply'] as const;
export type EmailedNotificationType = (typeof EMAILED_NOTIFICATION_TYPES)[number];

/** GET and PUT /api/v1/me/email-notifications */
export const emailNotificationSettingsSchema = z.strictObject({
  mention: z.boolean(),
  reply: z.boolean(),
});
export type EmailNotificationSettings = z.output<typeof emailNotificationSettingsSchema>;

/**
 * POST /api/v1/email-notifications/unsubscribe?u=&k=&t=: the link in every notification e-mail,
 * which a mail client may also send by itself (one-click, RFC 8058). The token is a signature of
 * the account and kind: it works without a session, and only for that.
 */
export const unsubscribeQuerySchema = z.object({
  u: z.uuid(),
  k: z.enum(EMAILED_NOTIFICATION_TYPES),
  t: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type UnsubscribeQuery = z.input<typeof unsubscribeQuerySchema>;
