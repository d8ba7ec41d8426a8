/**
 * What sign-up answers for a field whose value another account already has (with 409
 * account_exists). In the shared contract so that the client knows the words and can translate
 * them; in a module of its own so that the log-in page reads it without loading the schemas (and
 * zod) that common/contracts/auth.ts holds.
 */
export const SIGN_UP_TAKEN = {
  email: 'An account with this e-mail address already exists. Log in instead?',
  handle: 'That handle is taken.',
} as const;
