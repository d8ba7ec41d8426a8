import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmEmailRequest,
  CurrentUserResponse,
  LogInRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignUpRequest,
} from '../../../common/contracts/auth';
import type { TwoFactorLogInRequest } from '../../../common/contracts/two-factor';
import { api } from '../../lib/api-client';
import { clearAccountCaches } from '../../lib/device-caches';
import { signWithPasskey } from '../../lib/webauthn';

export const currentUserKey = ['auth', 'me'] as const;

/**
 * The session is over (log-out, reset password, deleted account): nothing cached for it may show,
 * in memory or in what the service worker kept on the device for reading offline.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  void clearAccountCaches();
  queryClient.setQueryData<CurrentUserResponse>(currentUserKey, { user: null });
}

/**
 * Someone is signed in (or, for an applicant waiting for approval, still nobody). The device's
 * offline copies are emptied first: a session that ended without a log-out here (it expired, or
 * was revoked elsewhere) may have left answers that were never this account's.
 */
function beginSession(queryClient: QueryClient, data: CurrentUserResponse): void {
  if (data.user) void clearAccountCaches();
  queryClient.setQueryData<CurrentUserResponse>(currentUserKey, data);
}

/** Who is signed in: the entry asks before the first render (`main.tsx`), the pages read it. */
export const currentUserQuery = {
  queryKey: currentUserKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('auth.me', { signal }),
};

export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, select: (data) => data.user });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpRequest) => api('auth.signUp', { body: input }),
    // An applicant waiting for approval has no session: still nobody signed in.
    onSuccess: (data) => beginSession(queryClient, { user: data.user }),
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LogInRequest) => api('auth.logIn', { body: input }),
    // With two-factor sign-in on, nobody is signed in until the second step.
    onSuccess: (data) => {
      if (data.user) beginSession(queryClient, { user: data.user });
    },
  });
}

export function useLogInTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorLogInRequest) => api('auth.logInTwoFactor', { body: input }),
    onSuccess: (data) => beginSession(queryClient, data),
  });
}

/** Logging in with a passkey: alone, or (with the challenge the password earned) as the second step. */
export function useLogInPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (twoFactorChallenge: string | null) => {
      const body = twoFactorChallenge === null ? {} : { twoFactorChallenge };
      const { options } = await api('auth.passkeyOptions', { body });
      const credential = await signWithPasskey(options);
      return api('auth.logInPasskey', { body: { ...body, credential } });
    },
    onSuccess: (data) => beginSession(queryClient, data),
  });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('auth.logOut'),
    // Whatever the answer.
    onSettled: () => forgetSession(queryClient),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) => api('auth.requestPasswordReset', { body: input }),
  });
}

/** Opens a confirmation link's token; the account on screen (if it is the one) now may post. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmEmailRequest) => api('auth.confirmEmail', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: () => api('auth.resendEmailConfirmation') });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) => api('auth.resetPassword', { body: input }),
    // A reset ends every session, this browser's too if it had one.
    onSuccess: () => forgetSession(queryClient),
  });
}
