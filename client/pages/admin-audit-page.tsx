import { AuditLog } from '../features/user-admin';
import { useT } from '../i18n';
import { AdminOnlyPage } from './admin-only-page';
import { pagesAdminMessages } from './pages-admin.messages';

/** /admin/audit: what admins and moderators did, newest first. Admins only. */
export function AdminAuditPage() {
  const t = useT(pagesAdminMessages);
  return (
    <AdminOnlyPage title={t('auditTitle')} refusal={t('auditRefusal')}>
      <AuditLog />
    </AdminOnlyPage>
  );
}
