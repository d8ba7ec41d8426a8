import { renderMail } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';
import { PASSWORD_RESET_TOKEN_TTL_MS } from './password-reset.limits';

/** The page that reads the token. In the fragment, so it reaches neither logs nor Referer headers. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#token=${token}`;
}

export function passwordResetMail(
  to: { email: string; displayName: string; handle: string },
  link: string,
  instanceName: string,
): MailMessage {
  const minutes = PASSWORD_RESET_TOKEN_TTL_MS / 60_000;
  return {
    kind: 'password-reset',
    to: to.email,
    subject: `Reset your password on ${instanceName}`,
    ...renderMail({
      instanceName: instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `Someone asked to reset the password of @${to.handle} on ${instanceName}. If it was you, choose a new password with the link below. It works once, for ${minutes} minutes, and logs every device out.`,
        'If you did not ask, ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: link },
      footer: `You get this e-mail because a password reset was asked for with this address on ${instanceName}.`,
    }),
  };
}
