import { AuditLog } from '../features/user-admin';
import { AdminOnlyPage } from './admin-only-page';

/** /admin/audit: what admins and moderators did, newest first. Admins only. */
export function AdminAuditPage() {
  return (
    <AdminOnlyPage title="Audit log" refusal="Only an admin can see the audit log.">
      <AuditLog />
    </AdminOnlyPage>
  );
}
