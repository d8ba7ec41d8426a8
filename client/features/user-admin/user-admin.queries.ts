import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserFilter,
  AdminUserPage,
  AdminUsersQuery,
  StaffRole,
} from '../../../common/contracts/staff';
import { api } from '../../lib/api-client';

export const userAdminKeys = {
  allUsers: ['admin', 'users'] as const,
  users: (q: string, filter: AdminUserFilter) => ['admin', 'users', { q, filter }] as const,
  audit: ['admin', 'audit-log'] as const,
};

/** Accounts matching a search and a filter, newest first, a page at a time. */
export function useAdminUsers(q: string, filter: AdminUserFilter) {
  return useInfiniteQuery({
    queryKey: userAdminKeys.users(q, filter),
    queryFn: ({ signal, pageParam }) => {
      const query: AdminUsersQuery = { filter, cursor: pageParam };
      if (q !== '') query.q = q;
      return api('admin.users', { signal, query });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The previous results stay while a new search loads: the list does not collapse at each keystroke.
    placeholderData: keepPreviousData,
  });
}

/** What admins and moderators did, newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: userAdminKeys.audit,
    queryFn: ({ signal, pageParam }) => api('admin.auditLog', { signal, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Writes the changed account into every list it is shown in, where it stays even if it no longer
 * matches the filter (a row vanishing under the pointer would also take the keyboard's place).
 * The lists are only marked stale: the next visit or filter change asks the server again.
 */
async function patchAccount(
  queryClient: QueryClient,
  userId: string,
  change: (account: AdminUser) => AdminUser,
): Promise<void> {
  queryClient.setQueriesData<InfiniteData<AdminUserPage>>({ queryKey: userAdminKeys.allUsers }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.map((account) => (account.user.id === userId ? change(account) : account)),
          })),
        }
      : data,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userAdminKeys.allUsers, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: userAdminKeys.audit }),
  ]);
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: StaffRole | null }) =>
      api('admin.setRole', { params: { id: userId }, body: { role } }),
    onSuccess: (updated) => patchAccount(queryClient, updated.user.id, () => updated),
  });
}

export function useForcePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api('admin.forcePasswordReset', { params: { id: userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.audit }),
  });
}

/**
 * Suspends an account or lifts its suspension. A suspended account's posts and profile leave
 * every page of the app, so everything read before is marked stale (not refetched now): each
 * page asks again when it is next shown.
 */
export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isSuspended }: { userId: string; isSuspended: boolean }) =>
      api(isSuspended ? 'admin.suspend' : 'admin.unsuspend', { params: { id: userId } }),
    onSuccess: async ({ user, suspended }) => {
      await patchAccount(queryClient, user.id, (account) => ({ ...account, suspended }));
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'admin',
        refetchType: 'none',
      });
    },
  });
}
