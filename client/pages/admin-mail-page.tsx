import { MailStatus } from '../features/mail-admin';
import { useT } from '../i18n';
import { AdminOnlyPage } from './admin-only-page';
import { pagesAdminMessages } from './pages-admin.messages';

/** /admin/mail: the e-mail outbox, so a mail server that refuses is noticed. Admins only. */
export function AdminMailPage() {
  const t = useT(pagesAdminMessages);
  return (
    <AdminOnlyPage title={t('mailTitle')} refusal={t('mailRefusal')}>
      <MailStatus />
    </AdminOnlyPage>
  );
}
