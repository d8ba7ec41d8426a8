import { MailStatus } from '../features/mail-admin';
import { AdminOnlyPage } from './admin-only-page';

/** /admin/mail: the e-mail outbox, so a mail server that refuses is noticed. Admins only. */
export function AdminMailPage() {
  return (
    <AdminOnlyPage title="Outgoing e-mail" refusal="Only an admin can see outgoing e-mail.">
      <MailStatus />
    </AdminOnlyPage>
  );
}
