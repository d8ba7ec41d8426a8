/** The account feature's public face. */
export type { AccountService } from './account.service';
export { deviceName } from './device-name';
