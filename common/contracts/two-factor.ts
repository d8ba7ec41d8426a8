import { currentUserSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './limits';
import { z } from './zod';

/** A six-digit code from the app, or a recovery code (spaces and dashes ignored). */
const codeSchema = z
  .string({ error: 'Enter the code.' })
  .trim()
  .min(1, 'Enter the code.')
  .max(32, 'That is not a code from your app or a recovery code.');

/** GET /api/v1/me/two-factor */
export const twoFactorStatusSchema = z.strictObject({
  totpEnabled: z.boolean(),
  /** Unused recovery codes; 0 without two-factor sign-in. */
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

/** POST /api/v1/me/two-factor/totp/setup: set-up starts with the password, like every change of sign-in. */
export const totpSetupRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(PASSWORD_MAX_LENGTH),
});
export type TotpSetupRequest = z.input<typeof totpSetupRequestSchema>;

export const totpSetupResponseSchema = z.strictObject({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data: URL, made on the server. */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.output<typeof totpSetupResponseSchema>;

/** Enabling, disabling, new recovery codes: each with a current code. */
export const twoFactorCodeRequestSchema = z.object({ code: codeSchema });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

/** Shown once: only their keyed hashes are kept. */
export const recoveryCodesResponseSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.output<typeof recoveryCodesResponseSchema>;

/** POST /api/v1/auth/login/two-factor: the second step of logging in. */
export const twoFactorLogInRequestSchema = z.object({
  challenge: z.string().trim().min(1).max(128),
  code: codeSchema,
});
export type TwoFactorLogInRequest = z.input<typeof twoFactorLogInRequestSchema>;

/**
 * POST /api/v1/auth/login answers the account and a session, or, where two-factor sign-in is on,
 * a challenge to send back with a code or a passkey (no session yet).
 */
export const logInResponseSchema = z.strictObject({
  user: currentUserSchema.nullable(),
  twoFactorChallenge: z.string().nullable(),
  /** Whether the second step can be a passkey (the account has one) besides a code. */
  secondStepPasskey: z.boolean(),
});
export type LogInResponse = z.output<typeof logInResponseSchema>;
