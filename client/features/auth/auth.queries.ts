import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse, LogInRequest, SignUpRequest } from '../../../common/contracts/auth';
import { apiRequest } from '../../lib/api-client';

export const currentUserKey = ['auth', 'me'] as const;

export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => apiRequest<CurrentUserResponse>('/auth/me', { signal }),
    select: (data) => data.user,
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpRequest) =>
      apiRequest<CurrentUserResponse>('/auth/signup', { method: 'POST', body: input }),
    onSuccess: (data) => queryClient.setQueryData(currentUserKey, data),
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LogInRequest) =>
      apiRequest<CurrentUserResponse>('/auth/login', { method: 'POST', body: input }),
    onSuccess: (data) => queryClient.setQueryData(currentUserKey, data),
  });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/auth/logout', { method: 'POST' }),
    onSettled: () => {
      // Whatever the answer, nothing cached for the old session may show after log-out.
      queryClient.clear();
      queryClient.setQueryData<CurrentUserResponse>(currentUserKey, { user: null });
    },
  });
}
