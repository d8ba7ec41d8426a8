import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { makePasskey } from '../../lib/webauthn';

const listKey = ['me', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: listKey, queryFn: ({ signal }) => api('passkeys.list', { signal }) });
}

/** The password opens the prompt, the device makes the passkey, the server stores it by name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, currentPassword }: { name: string; currentPassword: string }) => {
      const { options } = await api('passkeys.registrationOptions', { body: { currentPassword } });
      const credential = await makePasskey(options);
      return api('passkeys.register', { body: { name, credential } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: string; currentPassword: string }) =>
      api('passkeys.remove', { params: { id }, body: { currentPassword } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
