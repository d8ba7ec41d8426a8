import type { Mailcheck } from '../common/email-suggestions/mailcheck';

declare global {
  interface Window {
    Mailcheck: typeof Mailcheck;
  }
}
