import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  CurrentUserResponse,
  DeleteAccountRequest,
} from '../../../common/contracts/auth';
import type {
  RevokedSessionsResponse,
  SessionsResponse,
  UpdateProfileRequest,
} from '../../../common/contracts/users';
import { apiRequest } from '../../lib/api-client';
import { uploadForm } from '../../lib/upload';
import { currentUserKey } from '../auth';
import type { ImageEdit } from '../media';

export const sessionsKey = ['me', 'sessions'] as const;

/**
 * A new name or picture shows wherever the account appears: the header from the answer at
 * once, feeds and profiles on their next read.
 */
function useAccountChange<TInput>(send: (input: TInput) => Promise<CurrentUserResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (data) => {
      queryClient.setQueryData(currentUserKey, data);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    },
  });
}

export const useUpdateProfile = () =>
  useAccountChange((input: UpdateProfileRequest) =>
    apiRequest<CurrentUserResponse>('/me/profile', { method: 'PATCH', body: input }),
  );

export const useChangeEmail = () =>
  useAccountChange((input: ChangeEmailRequest) =>
    apiRequest<CurrentUserResponse>('/me/email', { method: 'POST', body: input }),
  );

/** The original file with the crop, as post images go; the server cuts the square. */
export const useSetAvatar = () =>
  useAccountChange(({ file, edit }: { file: File; edit: ImageEdit }) => {
    const form = new FormData();
    if (edit.crop) form.append('crop', JSON.stringify(edit.crop));
    form.append('rotation', String(edit.rotation));
    form.append('file', file, file.name);
    return uploadForm<CurrentUserResponse>('/me/avatar', form, { method: 'PUT' });
  });

export const useRemoveAvatar = () =>
  useAccountChange(() => apiRequest<CurrentUserResponse>('/me/avatar', { method: 'DELETE' }));

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      apiRequest<RevokedSessionsResponse>('/me/password', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiRequest<SessionsResponse>('/me/sessions', { signal }),
    select: (data) => data.sessions,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RevokedSessionsResponse>('/me/sessions', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => apiRequest<void>('/me', { method: 'DELETE', body: input }),
    onSuccess: () => {
      // Nothing of the account may show once it is gone.
      queryClient.clear();
      queryClient.setQueryData<CurrentUserResponse>(currentUserKey, { user: null });
    },
  });
}
