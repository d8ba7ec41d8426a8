import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationsResponse, InstanceSettings } from '../../../common/contracts/instance';
import { api } from '../../lib/api-client';
import { uploadForm } from '../../lib/upload';
import { clientConfigKey } from '../../lib/instance';

export const instanceSettingsKey = ['admin', 'settings'] as const;
export const applicationsKey = ['admin', 'applications'] as const;

export function useInstanceSettings() {
  return useQuery({
    queryKey: instanceSettingsKey,
    queryFn: ({ signal }) => api('admin.settings', { signal }),
    select: (data) => data.settings,
  });
}

/**
 * Every visitor reads the settings through client-config: refreshing it here makes the new name,
 * rules and sign-up mode show at once for the admin too (titles, sign-up page), not in minutes.
 */
export function useUpdateInstanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: InstanceSettings) => api('admin.updateSettings', { body: settings }),
    onSuccess: async (data) => {
      queryClient.setQueryData(instanceSettingsKey, data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientConfigKey }),
        queryClient.invalidateQueries({ queryKey: instanceSettingsKey }),
      ]);
    },
  });
}

export function useApplications() {
  return useQuery({
    queryKey: applicationsKey,
    queryFn: ({ signal }) => api('admin.applications', { signal }),
    select: (data) => data.applications,
  });
}

/**
 * Approving or turning down takes the application out of the queue at once (the refetch that
 * follows may bring others in); on failure too, since a 404 means another admin got there first.
 */
function useDecision(send: (userId: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_data, userId) => {
      queryClient.setQueryData<ApplicationsResponse>(applicationsKey, (current) =>
        current
          ? { applications: current.applications.filter((application) => application.userId !== userId) }
          : current,
      );
    },
    // Not awaited: the page says what happened at once, without waiting for the fresh list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: applicationsKey }),
  });
}

export const useApproveApplication = () =>
  useDecision((id) => api('admin.approveApplication', { params: { id } }));

export const useRejectApplication = () =>
  useDecision((id) => api('admin.rejectApplication', { params: { id } }));

/** The icon shows in every visitor's header from client-config: refreshed here at once. */
function useIconChange<TInput>(send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientConfigKey }),
  });
}

export const useSetInstanceIcon = () =>
  useIconChange((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadForm('admin.setIcon', form);
  });

export const useRemoveInstanceIcon = () => useIconChange(() => api('admin.removeIcon'));
