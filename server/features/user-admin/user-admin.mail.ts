import { renderMail } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';

/** An admin ended the account's sessions and its password: how to choose a new one. */
export function passwordResetForcedMail(
  to: { email: string; displayName: string; handle: string },
  link: string,
  instanceName: string,
  ttlMinutes: number,
): MailMessage {
  return {
    kind: 'password-reset-forced',
    to: to.email,
    subject: `Choose a new password for ${instanceName}`,
    ...renderMail({
      instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `An admin of ${instanceName} logged @${to.handle} out everywhere and asked you to choose a new password, to keep your account safe. Your old password no longer works.`,
        `Choose a new one with the link below. It works once, for ${ttlMinutes} minutes; after that, use "Forgot your password?" on the log-in page.`,
      ],
      action: { label: 'Choose a new password', url: link },
      footer: `You get this e-mail because an admin of ${instanceName} reset the password of your account.`,
    }),
  };
}
