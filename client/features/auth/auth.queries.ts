import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUserResponse,
  LogInRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignUpRequest,
} from '../../../common/contracts/auth';
import { api } from '../../lib/api-client';

export const currentUserKey = ['auth', 'me'] as const;

/** The session is over (log-out, reset password, deleted account): nothing cached for it may show. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData<CurrentUserResponse>(currentUserKey, { user: null });
}

export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => api('auth.me', { signal }),
    select: (data) => data.user,
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpRequest) => api('auth.signUp', { body: input }),
    onSuccess: (data) => queryClient.setQueryData(currentUserKey, data),
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LogInRequest) => api('auth.logIn', { body: input }),
    onSuccess: (data) => queryClient.setQueryData(currentUserKey, data),
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

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) => api('auth.resetPassword', { body: input }),
    // A reset ends every session, this browser's too if it had one.
    onSuccess: () => forgetSession(queryClient),
  });
}
