import { Mailcheck } from '../../common/email-suggestions/mailcheck';

declare global {
  interface Window {
    /** The e-mail typo helper with mailcheck's contract (docs/spec.md#e-mail-typo-suggestions). */
    Mailcheck: typeof Mailcheck;
  }
}

export function exposeMailcheck(): void {
  window.Mailcheck = Mailcheck;
}
