import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  logInRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signUpRequestSchema,
} from '../../../common/contracts/auth';
import { passkeyRegisterRequestSchema } from '../../../common/contracts/passkeys';
import { SIGN_UP_TAKEN } from '../../../common/contracts/sign-up-taken';
import { totpSetupRequestSchema, twoFactorCodeRequestSchema } from '../../../common/contracts/two-factor';
import { updateProfileRequestSchema } from '../../../common/contracts/users';
import { translate } from '../../i18n';
import { authMessages } from './auth.messages';
import { fieldErrorMessage } from './field-error-text';

/** Every message a schema gives for these values. */
function messagesOf(schema: z.ZodType, values: unknown): string[] {
  const parsed = schema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

const long = (length: number) => 'a'.repeat(length);
const broken = 'a\u0000b';

/** What the forms can send that the shared schemas refuse, each field's cases at least once. */
const refused = [
  ...messagesOf(signUpRequestSchema, { email: '', handle: '', displayName: '', password: '' }),
  ...messagesOf(signUpRequestSchema, {
    email: `${long(250)}@example.com`,
    handle: 'a',
    displayName: long(51),
    password: long(201),
    reason: long(501),
  }),
  ...messagesOf(signUpRequestSchema, {
    email: 'ana@',
    handle: long(31),
    displayName: broken,
    password: 'short',
    reason: broken,
  }),
  ...messagesOf(signUpRequestSchema, { email: 'x', handle: 'ana lima', displayName: 'Ana', password: '' }),
  ...messagesOf(signUpRequestSchema, { email: 'x', handle: 'admin', displayName: 'Ana', password: '' }),
  ...messagesOf(logInRequestSchema, { login: '', password: '' }),
  ...messagesOf(passwordResetRequestSchema, { email: '' }),
  ...messagesOf(passwordResetConfirmSchema, { token: '', password: '' }),
  ...messagesOf(passwordResetConfirmSchema, { token: long(129), password: long(8) }),
  ...messagesOf(changeEmailRequestSchema, { email: '', currentPassword: '' }),
  ...messagesOf(changePasswordRequestSchema, { currentPassword: '', newPassword: '' }),
  ...messagesOf(deleteAccountRequestSchema, { password: '' }),
  ...messagesOf(updateProfileRequestSchema, { displayName: '', bio: long(301) }),
  ...messagesOf(updateProfileRequestSchema, { bio: broken }),
  ...messagesOf(updateProfileRequestSchema, { bio: 1 }),
  ...messagesOf(passkeyRegisterRequestSchema.pick({ name: true }), { name: '' }),
  ...messagesOf(passkeyRegisterRequestSchema.pick({ name: true }), { name: long(61) }),
  ...messagesOf(totpSetupRequestSchema, { currentPassword: '' }),
  ...messagesOf(twoFactorCodeRequestSchema, { code: '' }),
  ...messagesOf(twoFactorCodeRequestSchema, { code: long(33) }),
  // Not a schema's: the server's own answer when sign-up finds the address or handle in use.
  ...Object.values(SIGN_UP_TAKEN),
];

describe('field messages of the shared schemas and of sign-up', () => {
  it('are each known, and read in English exactly as the schema words them', () => {
    expect(refused.length).toBeGreaterThan(20);
    const t = translate(authMessages);
    for (const message of new Set(refused)) {
      const known = fieldErrorMessage(message);
      expect(known, message).not.toBeNull();
      if (known) expect(t(known.key, known.values)).toBe(message);
    }
  });

  it('leaves any other message as it is', () => {
    expect(fieldErrorMessage('That handle is not available right now.')).toBeNull();
  });
});
