import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportResponse, DataExportStatus } from '../../../common/contracts/data-export';
import { endpoints } from '../../../common/api/endpoints';
import { api, API_BASE } from '../../lib/api-client';

export const dataExportKey = ['me', 'data-export'] as const;

/** While an archive is being made its state is asked for this often; never otherwise. */
export const DATA_EXPORT_POLL_MS = 3_000;

/** Still on its way: the page keeps asking until it is ready or failed. */
export const isInProgress = (status: DataExportStatus | undefined): boolean =>
  status?.state === 'pending' || status?.state === 'building';

export function useDataExport() {
  return useQuery({
    queryKey: dataExportKey,
    queryFn: async ({ signal }) => (await api('dataExport.status', { signal })).export,
    refetchInterval: (query) => (isInProgress(query.state.data) ? DATA_EXPORT_POLL_MS : false),
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DataExportResponse> => api('dataExport.request', { body: {} }),
    onSuccess: ({ export: status }) => queryClient.setQueryData(dataExportKey, status),
  });
}

/**
 * A plain link, so the browser streams the file to disk itself: fetching it as a blob would hold
 * the whole archive in the page's memory. The server lets this one route be read without the
 * API's request header, which a link cannot send.
 */
export const DATA_EXPORT_DOWNLOAD_URL = `${API_BASE}${endpoints['dataExport.download'].path}`;
