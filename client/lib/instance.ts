import { useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '../../common/contracts/client-config';
import { api } from './api-client';

export const clientConfigKey = ['client-config'] as const;

/** Settings change rarely: a page reads them once, and the admin's save refreshes them here. */
const SETTINGS_STALE_MS = 5 * 60 * 1000;

export const clientConfigQuery = {
  queryKey: clientConfigKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('clientConfig.get', { signal }),
  staleTime: SETTINGS_STALE_MS,
};

/** Everything the server tells every visitor at load: the instance's settings, sign-up rules. */
export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/** The instance's public settings (name, description, rules, contact, who may sign up). */
export function useInstance() {
  return useQuery({ ...clientConfigQuery, select: (config: ClientConfigResponse) => config.instance });
}
