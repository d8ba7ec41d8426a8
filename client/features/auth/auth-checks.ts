import type { z } from 'zod';
import type * as AuthContractModule from '../../../common/contracts/auth';
import type {
  LogInRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignUpRequest,
} from '../../../common/contracts/auth';

type AuthContract = typeof AuthContractModule;

/**
 * The shared request schemas build zod objects when their module loads, and zod is the heaviest
 * thing a log-in page would otherwise fetch before it can paint. They load the first time a form
 * is touched instead, well before its first submit.
 */
let contract: Promise<AuthContract> | null = null;

export function loadAuthChecks(): Promise<AuthContract> {
  contract ??= import('../../../common/contracts/auth').catch((error: unknown) => {
    contract = null; // let the next attempt ask again
    throw error;
  });
  return contract;
}

export type Checked<T> = { data: T; fieldErrors: null } | { data: null; fieldErrors: Record<string, string> };

/**
 * Checks `values` as the server will. When the checks cannot be loaded (offline, say) the values
 * go as they are: the server runs the same schema and answers each field's error.
 */
async function check<T>(values: T, schemaOf: (auth: AuthContract) => z.ZodType<T>): Promise<Checked<T>> {
  let auth: AuthContract;
  try {
    auth = await loadAuthChecks();
  } catch {
    return { data: values, fieldErrors: null };
  }
  const parsed = schemaOf(auth).safeParse(values);
  return parsed.success
    ? { data: parsed.data, fieldErrors: null }
    : { data: null, fieldErrors: auth.fieldErrorsFrom(parsed.error) };
}

export const checkLogIn = (values: LogInRequest) => check(values, (auth) => auth.logInRequestSchema);
export const checkSignUp = (values: SignUpRequest) => check(values, (auth) => auth.signUpRequestSchema);
export const checkPasswordResetRequest = (values: PasswordResetRequest) =>
  check(values, (auth) => auth.passwordResetRequestSchema);
export const checkPasswordReset = (values: PasswordResetConfirm) =>
  check(values, (auth) => auth.passwordResetConfirmSchema);
