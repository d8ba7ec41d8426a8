import { SettingsSection } from '../features/account';
import { InstanceIconSettings, InstanceSettingsForm } from '../features/instance-admin';
import { AdminOnlyPage } from './admin-only-page';

/** /admin/settings: the instance's icon, name, description, rules, contact and who may sign up. Admins only. */
export function AdminSettingsPage() {
  return (
    <AdminOnlyPage title="Instance settings" refusal="Only an admin can change the instance's settings.">
      <div className="flex flex-col gap-6">
        <SettingsSection
          title="Icon"
          description="Shown beside the name in every header. Square images work best: others are cut to a square from the centre."
        >
          <InstanceIconSettings />
        </SettingsSection>
        <InstanceSettingsForm />
      </div>
    </AdminOnlyPage>
  );
}
