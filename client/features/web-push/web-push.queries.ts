import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSettings, PushSubscribeRequest } from '../../../common/contracts/web-push';
import { api } from '../../lib/api-client';

const devicesKey = ['me', 'push-devices'] as const;
const settingsKey = ['me', 'push-settings'] as const;

export function usePushDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => api('webPush.devices', { signal }),
  });
}

export function useRegisterPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscribeRequest) => api('webPush.subscribe', { body: subscription }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('webPush.unsubscribe', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

export function usePushSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api('webPush.settings', { signal }),
  });
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PushSettings) => api('webPush.updateSettings', { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
