/** The email-notifications feature's public face: the settings section and the unsubscribe page's part. */
export { EmailNotificationSettingsForm } from './email-notification-settings';
export { UnsubscribeConfirm, unsubscribeQueryFromHash } from './unsubscribe-confirm';
