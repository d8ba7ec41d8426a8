import type { Mailcheck } from '../common/email-suggestions/mailcheck';

declare global {
  interface Window {
    Mailcheck: typeof Mailcheck;
    /** Set by a test before a click: still there afterwards means no full page load happened. */
    e2eMarker?: string;
    /** Calls to alert/confirm/prompt, counted by hostile-content.spec.ts. */
    e2eDialogCalls?: number;
    /** Content-Security-Policy violations the page reported. */
    e2eCspViolations?: string[];
    /** Sum of layout-shift scores without recent input, gathered by media.spec.ts. */
    e2eLayoutShift?: number;
    /** Each of those shifts, with what moved (for the failure message). */
    e2eLayoutShifts?: string[];
  }
}
