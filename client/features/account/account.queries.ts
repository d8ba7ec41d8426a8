import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  CurrentUserResponse,
  DeleteAccountRequest,
} from '../../../common/contracts/auth';
import type { UpdateProfileRequest } from '../../../common/contracts/users';
import { api } from '../../lib/api-client';
import { uploadForm } from '../../lib/upload';
import { currentUserKey, forgetSession } from '../auth';
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
  useAccountChange((input: UpdateProfileRequest) => api('account.updateProfile', { body: input }));

export const useChangeEmail = () =>
  useAccountChange((input: ChangeEmailRequest) => api('account.changeEmail', { body: input }));

/** The original file with the crop, as post images go; the server cuts the square. */
export const useSetAvatar = () =>
  useAccountChange(({ file, edit }: { file: File; edit: ImageEdit }) => {
    const form = new FormData();
    if (edit.crop) form.append('crop', JSON.stringify(edit.crop));
    form.append('rotation', String(edit.rotation));
    form.append('file', file, file.name);
    return uploadForm('account.setAvatar', form);
  });

export const useRemoveAvatar = () => useAccountChange(() => api('account.removeAvatar'));

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => api('account.changePassword', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api('account.sessions', { signal }),
    select: (data) => data.sessions,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('account.revokeSession', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('account.revokeOtherSessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => api('account.delete', { body: input }),
    onSuccess: () => forgetSession(queryClient),
  });
}
