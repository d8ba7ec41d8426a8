/** The e-mail confirmation feature's public face: what account settings use of it. */
export type { EmailConfirmationFeature } from './email-confirmation.plugin';
export type { EmailConfirmationService } from './email-confirmation.service';
