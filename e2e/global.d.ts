import type { Mailcheck } from '../common/email-suggestions/mailcheck';
import type axe from 'axe-core';

declare global {
  interface Window {
    Mailcheck: typeof Mailcheck;
    /** axe-core, once e2e/support/a11y.ts has injected it into the document. */
    axe: typeof axe;
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
    /** Animation frames held back while `isHolding`, then run on `release` (composer.spec.ts). */
    e2eHeldFrames?: { isHolding: boolean; release: () => void };
  }
}
