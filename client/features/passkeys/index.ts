/** The passkeys feature's public face: the settings page's "Passkeys" section. */
export { PasskeySettings } from './passkey-settings';
