import { ApplicationsQueue } from '../features/instance-admin';
import { AdminOnlyPage } from './admin-only-page';

/** /admin/applications: sign-ups waiting for approval, oldest first. Admins only. */
export function AdminApplicationsPage() {
  return (
    <AdminOnlyPage title="Sign-up applications" refusal="Only an admin can see sign-up applications.">
      <ApplicationsQueue />
    </AdminOnlyPage>
  );
}
