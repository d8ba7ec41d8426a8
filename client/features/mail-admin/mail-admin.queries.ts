import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export function useMailStatus(isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'mail'] as const,
    queryFn: ({ signal }) => api('admin.mail', { signal }),
    enabled: isEnabled,
  });
}
