import { ApplicationsQueue } from '../features/instance-admin';
import { useT } from '../i18n';
import { AdminOnlyPage } from './admin-only-page';
import { pagesAdminMessages } from './pages-admin.messages';

/** /admin/applications: sign-ups waiting for approval, oldest first. Admins only. */
export function AdminApplicationsPage() {
  const t = useT(pagesAdminMessages);
  return (
    <AdminOnlyPage title={t('applicationsTitle')} refusal={t('applicationsRefusal')}>
      <ApplicationsQueue />
    </AdminOnlyPage>
  );
}
