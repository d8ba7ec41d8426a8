import { Mailcheck } from '../../common/email-suggestions/mailcheck';

declare global {
  interface Window {
    /** Spec §5: the e-mail typo helper is exposed on the window, with mailcheck's contract. */
    Mailcheck: typeof Mailcheck;
  }
}

export function exposeMailcheck(): void {
  window.Mailcheck = Mailcheck;
}
