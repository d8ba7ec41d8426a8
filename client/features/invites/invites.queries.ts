import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteRequest } from '../../../common/contracts/instance';
import { api } from '../../lib/api-client';

const invitesKey = ['invites'] as const;

/** This account's invite links (the server sends them newest first) and whether it may make more. */
export function useInvites(isEnabled = true) {
  return useQuery({
    queryKey: invitesKey,
    queryFn: ({ signal }) => api('invites.list', { signal }),
    enabled: isEnabled,
  });
}

/**
 * Whether the settings page shows the section: false while loading too, so it never appears
 * and then vanishes for an account that may not invite.
 */
export function useHasInviteLinks(isEnabled = true): boolean {
  const { data } = useInvites(isEnabled);
  return data !== undefined && (data.canInvite || data.invites.length > 0);
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteRequest) => api('invites.create', { body: input }),
    // After a refusal too: the admin may have just taken the right away, and canInvite then hides the form.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('invites.revoke', { params: { id } }),
    // A 404 means the list is out of date (withdrawn elsewhere): refresh it either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}
