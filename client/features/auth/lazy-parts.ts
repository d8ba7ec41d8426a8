/**
 * Parts most visits never show, loaded when they are: the notice for an account that must confirm
 * its address, and the second step of logging in. `/` signed out loads the feed and log-in pages
 * on every first visit, so neither rides along with them.
 */
export const loadConfirmEmailNotice = () => import('./confirm-email-notice');
export const loadTwoFactorStep = () => import('./two-factor-step');
