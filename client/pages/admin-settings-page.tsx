import { InstanceSettingsForm } from '../features/instance-admin';
import { AdminOnlyPage } from './admin-only-page';

/** /admin/settings: the instance's name, description, rules, contact and who may sign up. Admins only. */
export function AdminSettingsPage() {
  return (
    <AdminOnlyPage title="Instance settings" refusal="Only an admin can change the instance's settings.">
      <InstanceSettingsForm />
    </AdminOnlyPage>
  );
}
