import { z } from './zod';

/** A message the server gave up on: what the admin needs to see why. Its text is never kept. */
export const mailFailureSchema = z.strictObject({
  id: z.string(),
  /** What it was for ("password-reset"). */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number(),
  /** The mail server's answer, or the network error, at the last attempt. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime().nullable(),
});
export type MailFailure = z.infer<typeof mailFailureSchema>;

export const mailStatusResponseSchema = z.strictObject({
  /** Where e-mail goes: an SMTP server, or .eml files in DATA_DIR/outbox. */
  transport: z.enum(['smtp', 'folder']),
  counts: z.strictObject({ pending: z.number(), sent: z.number(), failed: z.number() }),
  /** The newest failures first. */
  failures: z.array(mailFailureSchema),
});
export type MailStatusResponse = z.infer<typeof mailStatusResponseSchema>;
