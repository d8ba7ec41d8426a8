import { SettingsSection } from '../features/account';
import { InstanceIconSettings, InstanceSettingsForm } from '../features/instance-admin';
import { useT } from '../i18n';
import { AdminOnlyPage } from './admin-only-page';
import { pagesAdminMessages } from './pages-admin.messages';

/** /admin/settings: the instance's icon, name, description, rules, contact and who may sign up. Admins only. */
export function AdminSettingsPage() {
  const t = useT(pagesAdminMessages);
  return (
    <AdminOnlyPage title={t('settingsTitle')} refusal={t('settingsRefusal')}>
      <div className="flex flex-col gap-6">
        <SettingsSection title={t('iconTitle')} description={t('iconDescription')}>
          <InstanceIconSettings />
        </SettingsSection>
        <InstanceSettingsForm />
      </div>
    </AdminOnlyPage>
  );
}
