import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { translate } from '../i18n';
import { UserFacingError } from './api-client';
import { libMessages } from './lib.messages';

/**
 * The browser's passkey prompts. The WebAuthn library loads only when a prompt opens: most visits
 * never show one, and the log-in page is on the first load.
 */
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (a check that needs no download). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

function explained(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  const t = translate(libMessages);
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new UserFacingError(t('passkeyAlreadyRegistered'), { cause: error });
  // The person closed the prompt, or it timed out: browsers do not say which, on purpose.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return new UserFacingError(t('passkeyPromptClosed'), { cause: error });
  return new UserFacingError(t('passkeyUnavailable'), { cause: error });
}

/** Asks the device to make a passkey for these options; answers what the server checks. */
export async function makePasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await loadWebAuthn();
  return startRegistration({ optionsJSON: options }).catch((error: unknown) => {
    throw explained(error);
  });
}

/** Asks the device to answer a log-in prompt with one of its passkeys. */
export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await loadWebAuthn();
  return startAuthentication({ optionsJSON: options }).catch((error: unknown) => {
    throw explained(error);
  });
}
