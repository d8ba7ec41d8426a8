import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateReportRequest, MyReportResponse } from '../../../common/contracts/safety';
import type { PostAuthor } from '../../../common/contracts/posts';
import { api } from '../../lib/api-client';
import { removePost, removePostsBy } from '../posts';

export type SafetyKind = 'block' | 'mute';

export const safetyKeys = {
  status: ['safety', 'status'] as const,
  list: (kind: SafetyKind) => ['safety', kind] as const,
  myReport: (postId: string) => ['safety', 'my-report', postId] as const,
  reports: ['admin', 'reports'] as const,
};

const ENDPOINTS = {
  block: { list: 'safety.blocks', add: 'safety.block', remove: 'safety.unblock' },
  mute: { list: 'safety.mutes', add: 'safety.mute', remove: 'safety.unmute' },
} as const satisfies Record<SafetyKind, unknown>;

/** Whether the reader is an admin, and which channel their live feed comes from. */
export function useSafetyStatus(isSignedIn: boolean) {
  return useQuery({
    queryKey: safetyKeys.status,
    queryFn: ({ signal }) => api('safety.status', { signal }),
    enabled: isSignedIn,
  });
}

/** The accounts the reader blocks or mutes, newest first, a page at a time. */
export function useSafetyList(kind: SafetyKind) {
  return useInfiniteQuery({
    queryKey: safetyKeys.list(kind),
    queryFn: ({ signal, pageParam }) => api(ENDPOINTS[kind].list, { signal, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Everything a block or mute changes: lists read again from the server, which filters them. */
async function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      ['safety'],
      ['feed'],
      ['timelines'],
      // A block ends follows both ways, which changes what Home is made of.
      ['home-sources'],
      ['bookmarks'],
      ['replies'],
      ['author-posts'],
      ['profile'],
      ['search'],
      ['post'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * Blocks or mutes an account, or takes it back (`isOn` false). A plain function as well as a
 * hook: the undo runs after the post that offered it has left the page.
 */
export async function setRelation(
  queryClient: QueryClient,
  kind: SafetyKind,
  author: PostAuthor,
  isOn: boolean,
): Promise<void> {
  if (isOn) {
    await api(ENDPOINTS[kind].add, { body: { userId: author.id } });
    // Gone from the screen at once; the refetch that follows confirms it from the server.
    removePostsBy(queryClient, author.id);
  } else {
    await api(ENDPOINTS[kind].remove, { params: { userId: author.id } });
  }
  await refreshAfterChange(queryClient);
}

export function useSetRelation(kind: SafetyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ author, isOn }: { author: PostAuthor; isOn: boolean }) =>
      setRelation(queryClient, kind, author, isOn),
  });
}

/** The reader's open report on a post: asked before the reasons are offered. */
export function useMyReport(postId: string) {
  return useQuery({
    queryKey: safetyKeys.myReport(postId),
    queryFn: ({ signal }) => api('reports.mine', { signal, params: { id: postId } }),
    select: (data) => data.report,
    // Asked each time the dialog opens: a report may have been filed or closed elsewhere since.
    staleTime: 0,
  });
}

export function useReportPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReportRequest) =>
      api('reports.create', { params: { id: postId }, body: input }),
    onSuccess: ({ report }) => {
      const known: MyReportResponse = { report };
      queryClient.setQueryData(safetyKeys.myReport(postId), known);
    },
  });
}

export function useReportQueue(isEnabled: boolean) {
  return useQuery({
    queryKey: safetyKeys.reports,
    queryFn: ({ signal }) => api('admin.reports', { signal }),
    enabled: isEnabled,
  });
}

export function useCloseReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, outcome }: { postId: string; outcome: 'resolved' | 'dismissed' }) =>
      api('admin.closeReports', { params: { id: postId }, body: { outcome } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: safetyKeys.reports }),
  });
}

export function useAdminRemovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api('admin.removePost', { params: { id: postId } }),
    onSuccess: async (_, postId) => {
      removePost(queryClient, postId);
      await queryClient.invalidateQueries({ queryKey: safetyKeys.reports });
    },
  });
}

export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isSuspended }: { userId: string; isSuspended: boolean }) =>
      api(isSuspended ? 'admin.suspend' : 'admin.unsuspend', { params: { id: userId } }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
