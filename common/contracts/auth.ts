import { z } from './zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  HANDLE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_UP_REASON_MAX_LENGTH,
} from './limits';
import { INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import { avatarSchema } from './media';

/** E-mailed tokens are 43 characters (32 random bytes, base64url); anything far longer is not one. */
const RESET_TOKEN_MAX_LENGTH = 128;

export {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  HANDLE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
};

/** Handles that would be confusing as /@handle or that impersonate the service. */
export const RESERVED_HANDLES = new Set([
  'admin',
  'administrator',
  'api',
  'root',
  'support',
  'tidings',
  'system',
]);

const HANDLE_PATTERN = /^[A-Za-z0-9_]+$/;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(EMAIL_MAX_LENGTH, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com.' }));

export const handleSchema = z
  .string({ error: 'Choose a handle.' })
  .trim()
  .min(HANDLE_MIN_LENGTH, `Handles have at least ${HANDLE_MIN_LENGTH} characters.`)
  .max(HANDLE_MAX_LENGTH, `Handles have at most ${HANDLE_MAX_LENGTH} characters.`)
  .regex(HANDLE_PATTERN, 'Use only letters, digits and underscores.')
  .refine((handle) => !RESERVED_HANDLES.has(handle.toLowerCase()), 'That handle is reserved.');

export const displayNameSchema = z
  .string({ error: 'Enter a display name.' })
  .trim()
  .min(1, 'Enter a display name.')
  .max(DISPLAY_NAME_MAX_LENGTH, `Display names have at most ${DISPLAY_NAME_MAX_LENGTH} characters.`)
  .refine(isAcceptableText, INVALID_TEXT_MESSAGE);

export const passwordSchema = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN_LENGTH, `Passwords have at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Passwords have at most ${PASSWORD_MAX_LENGTH} characters.`);

export const signUpRequestSchema = z.object({
  email: emailSchema,
  handle: handleSchema,
  displayName: displayNameSchema,
  password: passwordSchema,
  /** The code of an invite link (`/signup?invite=…`): needed where sign-ups are by invite. */
  inviteCode: z.string().trim().max(RESET_TOKEN_MAX_LENGTH).optional(),
  /** Why the applicant wants to join: needed where an admin approves sign-ups. */
  reason: z
    .string()
    .trim()
    .max(SIGN_UP_REASON_MAX_LENGTH, `At most ${SIGN_UP_REASON_MAX_LENGTH} characters.`)
    .refine(isAcceptableText, INVALID_TEXT_MESSAGE)
    .optional(),
  /** The instance's rules were shown and accepted: needed when it has rules. */
  acceptRules: z.boolean().optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** "Forgot your password?": the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The link's token and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: 'This reset link is incomplete. Open the whole link from the e-mail.' })
    .trim()
    .min(1, 'This reset link is incomplete. Open the whole link from the e-mail.')
    .max(RESET_TOKEN_MAX_LENGTH, 'This reset link is not valid. Ask for a new one.'),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** The token of an e-mailed confirmation link (for a new account's address or a changed one). */
export const confirmEmailRequestSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is incomplete. Open the whole link from the e-mail.' })
    .trim()
    .min(1, 'This confirmation link is incomplete. Open the whole link from the e-mail.')
    .max(RESET_TOKEN_MAX_LENGTH, 'This confirmation link is not valid. Ask for a new one.'),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

/** The address a link confirmed. */
export const confirmEmailResponseSchema = z.strictObject({ email: z.string() });
export type ConfirmEmailResponse = z.output<typeof confirmEmailResponseSchema>;

export const logInRequestSchema = z.object({
  /** An e-mail address or a handle (with or without the leading @). */
  login: z
    .string({ error: 'Enter your e-mail or handle.' })
    .trim()
    .min(1, 'Enter your e-mail or handle.')
    .max(EMAIL_MAX_LENGTH),
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH),
});
export type LogInRequest = z.infer<typeof logInRequestSchema>;

export const currentUserSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  handle: z.string(),
  displayName: z.string(),
  bio: z.string(),
  avatar: avatarSchema.nullable(),
  createdAt: z.string(),
  /** Whether `email` was confirmed by its e-mailed link. */
  emailConfirmed: z.boolean(),
  /** A new address waiting for its confirmation link; `email` stays in use until then. */
  pendingEmail: z.string().nullable(),
  /** False while this instance wants the address confirmed first: the account reads, but does not post. */
  canPost: z.boolean(),
});
export type CurrentUser = z.output<typeof currentUserSchema>;

/** Every check of the current password (e-mail, password, account deletion) says the same. */
const currentPasswordSchema = z
  .string({ error: 'Enter your current password.' })
  .min(1, 'Enter your current password.')
  .max(PASSWORD_MAX_LENGTH);

/** POST /api/v1/me/email */
export const changeEmailRequestSchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** POST /api/v1/me/password */
export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** DELETE /api/v1/me */
export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const currentUserResponseSchema = z.strictObject({ user: currentUserSchema.nullable() });
export type CurrentUserResponse = z.output<typeof currentUserResponseSchema>;

/** A new account starts a session, unless it waits for an admin's approval (then `user` is null). */
export const signUpResponseSchema = z.strictObject({
  user: currentUserSchema.nullable(),
  pendingApproval: z.boolean(),
});
export type SignUpResponse = z.output<typeof signUpResponseSchema>;

/** Turns zod issues into one message per field: the first problem is the one worth fixing. */
export function fieldErrorsFrom(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}
