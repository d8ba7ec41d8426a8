import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailNotificationSettings,
  UnsubscribeQuery,
} from '../../../common/contracts/email-notifications';
import { api } from '../../lib/api-client';

const settingsKey = ['me', 'email-notifications'] as const;

export function useEmailNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api('emailNotifications.get', { signal }),
  });
}

export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EmailNotificationSettings) => api('emailNotifications.update', { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** The unsubscribe page: the signed link alone, no session needed. */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: UnsubscribeQuery) => api('emailNotifications.unsubscribe', { query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
