/**
 * The auth feature's public face: who is signed in, logging in and out, resetting a forgotten
 * password, confirming an address, and the e-mail typo suggestion and field messages the account
 * settings reuse. Other features, pages and the app import only this.
 */
export { AuthCard } from './auth-card';
export { loadConfirmEmailNotice } from './lazy-parts';
export { ConfirmEmailResult } from './confirm-email-result';
export { currentUserKey, currentUserQuery, forgetSession, useCurrentUser, useLogOut } from './auth.queries';
export { EmailSuggestion } from './email-suggestion';
export { useFieldErrorText } from './field-error-text';
export { ForgotPasswordForm } from './forgot-password-form';
export { LogInForm } from './log-in-form';
export { ResendConfirmation } from './resend-confirmation';
export { ResetPasswordForm, tokenFromHash } from './reset-password-form';
export { SignUpForm } from './sign-up-form';
export { useEmailSuggestion } from './use-email-suggestion';
