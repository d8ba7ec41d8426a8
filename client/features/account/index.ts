/**
 * The account feature's public face: the settings page's sections. Anything not exported here is
 * internal; other features, pages and the app shell import only from this file.
 */
export { AvatarSettings } from './avatar-settings';
export { DeleteAccount } from './delete-account';
export { EmailForm, EmailStatus } from './email-form';
export { PasswordForm } from './password-form';
export { ProfileForm } from './profile-form';
export { SessionsList } from './sessions-list';
export { SettingsSection } from './settings-section';
