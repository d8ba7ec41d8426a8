import { renderMail } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';
import { EMAIL_CONFIRMATION_TOKEN_TTL_MS } from './email-confirmation.limits';

export interface Recipient {
  displayName: string;
  handle: string;
}

/** The page that reads the token. In the fragment, so it reaches neither logs nor Referer headers. */
export function confirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email#token=${token}`;
}

const hours = EMAIL_CONFIRMATION_TOKEN_TTL_MS / 3_600_000;

/** To a new account's address. */
export function confirmAddressMail(
  to: Recipient & { email: string },
  link: string,
  instanceName: string,
): MailMessage {
  return {
    kind: 'email-confirmation',
    to: to.email,
    subject: `Confirm your e-mail address on ${instanceName}`,
    ...renderMail({
      instanceName: instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `Welcome to ${instanceName}! Confirm that this address belongs to @${to.handle} with the link below. It works for ${hours} hours; until then you can read, but not post.`,
        'If you did not sign up, ignore this e-mail: the account stays unconfirmed.',
      ],
      action: { label: 'Confirm my address', url: link },
      footer: `You get this e-mail because this address was given at sign-up on ${instanceName}.`,
    }),
  };
}

/** To the address an account wants to move to: it takes over once this link is opened. */
export function confirmNewAddressMail(
  to: Recipient & { email: string },
  link: string,
  instanceName: string,
): MailMessage {
  return {
    kind: 'email-change',
    to: to.email,
    subject: `Confirm your new e-mail address on ${instanceName}`,
    ...renderMail({
      instanceName: instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `@${to.handle} on ${instanceName} asked to use this address from now on. Confirm it with the link below (it works for ${hours} hours); the old address stays in use until you do.`,
        'If you did not ask, ignore this e-mail: nothing changes.',
      ],
      action: { label: 'Use this address', url: link },
      footer: `You get this e-mail because this address was entered in the settings of @${to.handle} on ${instanceName}.`,
    }),
  };
}

/** To the address being replaced, so a change made by someone else does not go unnoticed. */
export function addressChangeNoticeMail(
  to: Recipient & { email: string },
  newAddress: string,
  resetUrl: string,
  instanceName: string,
): MailMessage {
  return {
    kind: 'email-change-notice',
    to: to.email,
    subject: `The e-mail address of your ${instanceName} account is changing`,
    ...renderMail({
      instanceName: instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `The e-mail address of @${to.handle} on ${instanceName} is being changed to ${maskAddress(newAddress)}. Password resets and notices will go there.`,
        'If this was not you, choose a new password at once with the link below (it logs every device out), then set your address back in your settings.',
      ],
      action: { label: 'Reset my password', url: resetUrl },
      footer: `You get this e-mail because it is the address of @${to.handle} on ${instanceName}.`,
    }),
  };
}

/**
 * "jane.doe@example.com" → "j•••e@example.com": enough for the owner to recognise, not a full
 * address of someone else's handed to whoever reads the old mailbox.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const masked = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${masked}${address.slice(at)}`;
}
