import { SIGN_UP_TAKEN } from '../../../common/contracts/sign-up-taken';
import { useT, type Translate } from '../../i18n';
import { authMessages, type AuthMessageKey } from './auth.messages';

/**
 * The shared request schemas (common/contracts) word their checks in English, and the server
 * answers a field with the same words when it runs them (and with SIGN_UP_TAKEN's when sign-up
 * finds the address or handle in use). The known ones are shown in the reader's
 * language; any other message (the server's own, a limit without a text of its own) as it came.
 */
const FIXED: Readonly<Record<string, AuthMessageKey>> = {
  'Enter your e-mail address.': 'errorEmailMissing',
  'That e-mail address is too long.': 'errorEmailTooLong',
  'Enter a valid e-mail address, like name@example.com.': 'errorEmailInvalid',
  'Choose a handle.': 'errorHandleMissing',
  'Use only letters, digits and underscores.': 'errorHandleCharacters',
  'That handle is reserved.': 'errorHandleReserved',
  [SIGN_UP_TAKEN.handle]: 'errorHandleTaken',
  [SIGN_UP_TAKEN.email]: 'errorEmailTaken',
  'Enter a display name.': 'errorDisplayNameMissing',
  'Remove control characters (tabs and line breaks are fine) and broken characters from this text.':
    'errorTextInvalid',
  'Choose a password.': 'errorPasswordMissing',
  'This reset link is incomplete. Open the whole link from the e-mail.': 'errorResetLinkIncomplete',
  'This reset link is not valid. Ask for a new one.': 'errorResetLinkInvalid',
  'Enter your e-mail or handle.': 'errorLoginMissing',
  'Enter your password.': 'errorLoginPasswordMissing',
  'Enter your current password.': 'errorCurrentPasswordMissing',
  'Write a bio, or leave it empty.': 'errorBioMissing',
  'Name this passkey.': 'errorPasskeyNameMissing',
  'Enter the code.': 'errorCodeMissing',
  'That is not a code from your app or a recovery code.': 'errorCodeInvalid',
};

/** Messages that carry a limit: the number is read back from the English. */
const WITH_LIMIT: readonly (readonly [RegExp, AuthMessageKey, 'min' | 'max'])[] = [
  [/^Handles have at least (\d+) characters\.$/, 'errorHandleTooShort', 'min'],
  [/^Handles have at most (\d+) characters\.$/, 'errorHandleTooLong', 'max'],
  [/^Display names have at most (\d+) characters\.$/, 'errorDisplayNameTooLong', 'max'],
  [/^Passwords have at least (\d+) characters\.$/, 'errorPasswordTooShort', 'min'],
  [/^Passwords have at most (\d+) characters\.$/, 'errorPasswordTooLong', 'max'],
  [/^Bios have at most (\d+) characters\.$/, 'errorBioTooLong', 'max'],
  [/^At most (\d+) characters\.$/, 'errorTooLong', 'max'],
];

/** The key and values for a schema's English message, or null when it is not one the app knows. */
export function fieldErrorMessage(
  message: string,
): { key: AuthMessageKey; values?: Record<string, number> } | null {
  const fixed = Object.hasOwn(FIXED, message) ? FIXED[message] : undefined;
  if (fixed) return { key: fixed };
  for (const [pattern, key, name] of WITH_LIMIT) {
    const match = pattern.exec(message);
    if (match) return { key, values: { [name]: Number(match[1]) } };
  }
  return null;
}

function fieldErrorText(t: Translate<AuthMessageKey>, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = fieldErrorMessage(message);
  return known ? t(known.key, known.values) : message;
}

/** A field's error message in the current language, for forms checked with the shared schemas. */
export function useFieldErrorText(): (message: string | undefined) => string | undefined {
  const t = useT(authMessages);
  return (message) => fieldErrorText(t, message);
}
