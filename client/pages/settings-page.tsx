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
import { PasskeySettings } from '../features/passkeys';
import { BlockedAndMutedAccounts, useSafetyStatus } from '../features/safety';
import { TwoFactorSettings } from '../features/two-factor';
import { PushDevices, PushKinds } from '../features/web-push';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFragmentScroll } from '../lib/use-fragment-scroll';
import { PageSpinner } from '../ui/page-spinner';

/**
 * /settings: the signed-in account's profile, sign-in details, devices, blocks and mutes, the
 * archive of its data, deletion.
 */
export function SettingsPage() {
  const { data: user, isPending } = useCurrentUser();
  const status = useSafetyStatus(Boolean(user));
  const hasInviteLinks = useHasInviteLinks(Boolean(user));
  useDocumentTitle('Settings');
  useFragmentScroll(Boolean(user));
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <SettingsSection title="Picture" description="Shown round, next to your name everywhere.">
        <AvatarSettings user={user} />
      </SettingsSection>
      <SettingsSection title="Profile">
        <ProfileForm key={user.id} user={user} />
      </SettingsSection>
      <SettingsSection title="E-mail address" description="Changing it asks for your current password.">
        <EmailStatus user={user} />
        <EmailForm key={user.id} user={user} />
      </SettingsSection>
      <SettingsSection
        title="E-mail notifications"
        description="What we also tell you by e-mail, at the address above."
      >
        <EmailNotificationSettingsForm isAddressConfirmed={user.emailConfirmed} />
      </SettingsSection>
      <SettingsSection
        id="push-notifications"
        title="Push notifications"
        description="Notifications on your phone or computer while Tidings is closed."
      >
        <PushDevices />
        <PushKinds />
      </SettingsSection>
      {hasInviteLinks && (
        <SettingsSection
          title="Invite links"
          description="People who open one of your links can sign up, whatever the sign-up rules of this instance."
        >
          <InviteLinks />
        </SettingsSection>
      )}
      <SettingsSection title="Password">
        <PasswordForm />
      </SettingsSection>
      <SettingsSection title="Two-factor sign-in" description="A second step at log-in, with your phone.">
        <TwoFactorSettings />
      </SettingsSection>
      <SettingsSection
        title="Passkeys"
        description="Log in with your device's screen lock instead of your password; with two-factor sign-in on, a passkey can also be the second step."
      >
        <PasskeySettings />
      </SettingsSection>
      <SettingsSection title="Sessions" description="Browsers and devices logged in to your account.">
        <SessionsList />
      </SettingsSection>
      <SettingsSection id="privacy" title="Privacy" description="Who may follow you.">
        <FollowSettingsForm />
      </SettingsSection>
      <SettingsSection
        title="Blocked and muted accounts"
        description="You and the accounts you block do not see each other's posts; the posts of accounts you mute are hidden from you."
      >
        <BlockedAndMutedAccounts />
      </SettingsSection>
      <SettingsSection
        id="your-data"
        title="Your data"
        description="An archive of your profile, posts, likes and images, to download. It is kept for 7 days."
      >
        <YourDataSettings />
      </SettingsSection>
      <SettingsSection
        title="Delete account"
        description="Removes everything you wrote and uploaded. This cannot be undone."
      >
        {/* The server refuses to delete the admin's account (409 admin_account): not offered. */}
        {status.data?.isAdmin ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            This is the site&apos;s admin account, which cannot be deleted.
          </p>
        ) : (
          <DeleteAccount handle={user.handle} />
        )}
      </SettingsSection>
    </div>
  );
}
