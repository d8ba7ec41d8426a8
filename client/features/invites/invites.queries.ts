import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteRequest } from '../../../common/contracts/instance';
import { api } from '../../lib/api-client';

const invitesKey = ['invites'] as const;

export function useInvites(isEnabled = true) {
  return useQuery({
    queryKey: invitesKey,
    queryFn: ({ signal }) => api('invites.list', { signal }),
    enabled: isEnabled,
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteRequest) => api('invites.create', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('invites.revoke', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}
