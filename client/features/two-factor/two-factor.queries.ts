import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpSetupRequest } from '../../../common/contracts/two-factor';
import { api } from '../../lib/api-client';

const statusKey = ['me', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => api('twoFactor.status', { signal }) });
}

/** Every change answers what the status query would: it is read again after each. */
function useTwoFactorChange<TInput, TAnswer>(send: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export const useSetupTotp = () =>
  useMutation({ mutationFn: (input: TotpSetupRequest) => api('twoFactor.setupTotp', { body: input }) });
export const useEnableTotp = () =>
  useTwoFactorChange((code: string) => api('twoFactor.enableTotp', { body: { code } }));
export const useDisableTwoFactor = () =>
  useTwoFactorChange((code: string) => api('twoFactor.disable', { body: { code } }));
export const useRenewRecoveryCodes = () =>
  useTwoFactorChange((code: string) => api('twoFactor.renewRecoveryCodes', { body: { code } }));
