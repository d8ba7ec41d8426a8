import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits';
import { z } from './zod';

/** One passkey of the signed-in account, as settings lists it. */
export const passkeySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Synced by its provider (a phone's or a password manager's keychain) rather than kept on one device. */
  synced: z.boolean(),
});
export type Passkey = z.output<typeof passkeySchema>;

/** GET /api/v1/me/passkeys */
export const passkeyListSchema = z.strictObject({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.output<typeof passkeyListSchema>;

const currentPasswordSchema = z
  .string({ error: 'Enter your current password.' })
  .min(1, 'Enter your current password.')
  .max(PASSWORD_MAX_LENGTH);

/** POST /api/v1/me/passkeys/options and DELETE /api/v1/me/passkeys/:id: like every change of sign-in, with the password. */
export const passkeyPasswordRequestSchema = z.object({ currentPassword: currentPasswordSchema });
export type PasskeyPasswordRequest = z.input<typeof passkeyPasswordRequestSchema>;

function hasChallenge(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'challenge') === 'string';
}

/**
 * What the browser's WebAuthn call takes, as the server's WebAuthn library made it. Its many
 * optional members belong to that library's type; the schema checks the one every ceremony needs.
 */
const creationOptionsSchema = z.custom<PublicKeyCredentialCreationOptionsJSON>(hasChallenge);
const requestOptionsSchema = z.custom<PublicKeyCredentialRequestOptionsJSON>(hasChallenge);

export const passkeyCreationOptionsSchema = z.strictObject({ options: creationOptionsSchema });
export type PasskeyCreationOptions = z.output<typeof passkeyCreationOptionsSchema>;
export const passkeyRequestOptionsSchema = z.strictObject({ options: requestOptionsSchema });
export type PasskeyRequestOptions = z.output<typeof passkeyRequestOptionsSchema>;

// What the browser answers, base64url throughout. Bounded so a hostile body stays small; the
// WebAuthn library checks what each part means.
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url.');
const CREDENTIAL_ID_MAX = 1400;
const PART_MAX = 16_000;
const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
type Transport = z.output<typeof transportSchema>;
/** How a passkey's transports are stored (JSON), and read back. */
export const passkeyTransportsSchema = z.array(transportSchema);
function knownTransports(names: readonly string[] | undefined): Transport[] {
  return (names ?? []).filter((name): name is Transport => transportSchema.safeParse(name).success);
}
const attachmentSchema = z.enum(['cross-platform', 'platform']).optional();
// The extensions' outputs the server could read; any other is dropped.
const extensionResultsSchema = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

export const registrationResponseSchema = z.object({
  id: base64url(CREDENTIAL_ID_MAX).min(1),
  rawId: base64url(CREDENTIAL_ID_MAX).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: attachmentSchema,
  clientExtensionResults: extensionResultsSchema,
  response: z.object({
    clientDataJSON: base64url(PART_MAX),
    attestationObject: base64url(PART_MAX),
    authenticatorData: base64url(PART_MAX).optional(),
    // Transports this version of WebAuthn does not know are dropped, not refused.
    transports: z.array(z.string().max(32)).max(8).optional().transform(knownTransports),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(PART_MAX).optional(),
  }),
}) satisfies z.ZodType<RegistrationResponseJSON>;

export const authenticationResponseSchema = z.object({
  id: base64url(CREDENTIAL_ID_MAX).min(1),
  rawId: base64url(CREDENTIAL_ID_MAX).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: attachmentSchema,
  clientExtensionResults: extensionResultsSchema,
  response: z.object({
    clientDataJSON: base64url(PART_MAX),
    authenticatorData: base64url(PART_MAX),
    signature: base64url(PART_MAX),
    userHandle: base64url(PART_MAX).optional(),
  }),
}) satisfies z.ZodType<AuthenticationResponseJSON>;

/** POST /api/v1/me/passkeys: the new passkey, with the name its owner gave it. */
export const passkeyRegisterRequestSchema = z.object({
  name: z
    .string({ error: 'Name this passkey.' })
    .trim()
    .min(1, 'Name this passkey.')
    .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters.`),
  credential: registrationResponseSchema,
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;

/**
 * POST /api/v1/auth/passkey/options: for logging in with a passkey alone, no body; for the second
 * step after the password, the challenge that step got (the account's passkeys are offered).
 */
export const passkeyLogInOptionsRequestSchema = z.object({
  twoFactorChallenge: z.string().trim().min(1).max(128).optional(),
});
export type PasskeyLogInOptionsRequest = z.input<typeof passkeyLogInOptionsRequestSchema>;

/** POST /api/v1/auth/passkey: the browser's answer (and, as a second step, the challenge). */
export const passkeyLogInRequestSchema = z.object({
  twoFactorChallenge: z.string().trim().min(1).max(128).optional(),
  credential: authenticationResponseSchema,
});
export type PasskeyLogInRequest = z.input<typeof passkeyLogInRequestSchema>;

export const passkeyParamsSchema = z.object({ id: base64url(CREDENTIAL_ID_MAX).min(1) });
