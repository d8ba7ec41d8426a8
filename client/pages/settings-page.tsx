import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import {
  AvatarSettings,
  DeleteAccount,
  EmailForm,
  EmailStatus,
  PasswordForm,
  ProfileForm,
  SessionsList,
  SettingsSection,
} from '../features/account';
import { YourDataSettings } from '../features/data-export';
import { EmailNotificationSettingsForm } from '../features/email-notifications';
import { FollowSettingsForm } from '../features/follows';
import { InviteLinks, useHasInviteLinks } from '../features/invites';
import { LanguageSettings, languageMessages } from '../features/language';
import { PasskeySettings } from '../features/passkeys';
import { BlockedAndMutedAccounts, useSafetyStatus } from '../features/safety';
import { TwoFactorSettings } from '../features/two-factor';
import { PushDevices, PushKinds } from '../features/web-push';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFragmentScroll } from '../lib/use-fragment-scroll';
import { PageSpinner } from '../ui/page-spinner';
import { pagesSettingsMessages } from './pages-settings.messages';

/**
 * /settings: the signed-in account's profile, sign-in details, devices, blocks and mutes, the
 * archive of its data, deletion.
 */
export function SettingsPage() {
  const t = useT(pagesSettingsMessages);
  const tLanguage = useT(languageMessages);
  const { data: user, isPending } = useCurrentUser();
  const status = useSafetyStatus(Boolean(user));
  const hasInviteLinks = useHasInviteLinks(Boolean(user));
  useDocumentTitle(t('title'));
  useFragmentScroll(Boolean(user));
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
      <SettingsSection title={t('pictureTitle')} description={t('pictureDescription')}>
        <AvatarSettings user={user} />
      </SettingsSection>
      <SettingsSection title={t('profileTitle')}>
        <ProfileForm key={user.id} user={user} />
      </SettingsSection>
      <SettingsSection
        id="language"
        title={tLanguage('sectionTitle')}
        description={tLanguage('sectionDescription')}
      >
        <LanguageSettings />
      </SettingsSection>
      <SettingsSection title={t('emailTitle')} description={t('emailDescription')}>
        <EmailStatus user={user} />
        <EmailForm key={user.id} user={user} />
      </SettingsSection>
      <SettingsSection title={t('emailNotificationsTitle')} description={t('emailNotificationsDescription')}>
        <EmailNotificationSettingsForm isAddressConfirmed={user.emailConfirmed} />
      </SettingsSection>
      <SettingsSection id="push-notifications" title={t('pushTitle')} description={t('pushDescription')}>
        <PushDevices />
        <PushKinds />
      </SettingsSection>
      {hasInviteLinks && (
        <SettingsSection title={t('inviteLinksTitle')} description={t('inviteLinksDescription')}>
          <InviteLinks />
        </SettingsSection>
      )}
      <SettingsSection title={t('passwordTitle')}>
        <PasswordForm />
      </SettingsSection>
      <SettingsSection title={t('twoFactorTitle')} description={t('twoFactorDescription')}>
        <TwoFactorSettings />
      </SettingsSection>
      <SettingsSection title={t('passkeysTitle')} description={t('passkeysDescription')}>
        <PasskeySettings />
      </SettingsSection>
      <SettingsSection title={t('sessionsTitle')} description={t('sessionsDescription')}>
        <SessionsList />
      </SettingsSection>
      <SettingsSection id="privacy" title={t('privacyTitle')} description={t('privacyDescription')}>
        <FollowSettingsForm />
      </SettingsSection>
      <SettingsSection title={t('blockedMutedTitle')} description={t('blockedMutedDescription')}>
        <BlockedAndMutedAccounts />
      </SettingsSection>
      <SettingsSection id="your-data" title={t('yourDataTitle')} description={t('yourDataDescription')}>
        <YourDataSettings />
      </SettingsSection>
      <SettingsSection title={t('deleteAccountTitle')} description={t('deleteAccountDescription')}>
        {/* The server refuses to delete the admin's account (409 admin_account): not offered. */}
        {status.data?.isAdmin ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('adminAccountNotDeletable')}</p>
        ) : (
          <DeleteAccount handle={user.handle} />
        )}
      </SettingsSection>
    </div>
  );
}
