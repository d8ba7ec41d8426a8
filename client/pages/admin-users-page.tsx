import { useSearchParams } from 'react-router';
import { type AccountSearch, AdminUserList, adminUserFilterOf, UserSearch } from '../features/user-admin';
import { useT } from '../i18n';
import { AdminOnlyPage } from './admin-only-page';
import { pagesAdminMessages } from './pages-admin.messages';

/** /admin/users: every account, by search and filter, with what staff may do to each. Admins and moderators. */
export function AdminUsersPage() {
  const t = useT(pagesAdminMessages);
  return (
    <AdminOnlyPage title={t('usersTitle')} access="staff" refusal={t('usersRefusal')}>
      <Accounts />
    </AdminOnlyPage>
  );
}

/**
 * The search lives in the address (?q=&filter=), so coming back from a profile finds it as it was.
 * Each change replaces the entry rather than adding one per search.
 */
function Accounts() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filter = adminUserFilterOf(params.get('filter'));
  const search = ({ q: nextQ, filter: nextFilter }: AccountSearch) => {
    const next = new URLSearchParams();
    if (nextQ !== '') next.set('q', nextQ);
    if (nextFilter !== 'all') next.set('filter', nextFilter);
    setParams(next, { replace: true });
  };
  return (
    <div className="flex flex-col gap-6">
      <UserSearch q={q} filter={filter} onChange={search} />
      <AdminUserList q={q} filter={filter} />
    </div>
  );
}
