/** The two-factor feature's public face: the settings page's "Two-factor sign-in" section. */
export { TwoFactorSettings } from './two-factor-settings';
