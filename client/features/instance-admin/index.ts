/** The instance-admin feature's public face: the admin's instance settings and sign-up queue. */
export { ApplicationsQueue } from './applications-queue';
export { InstanceIconSettings } from './instance-icon-settings';
export { InstanceSettingsForm } from './instance-settings-form';
