import { renderMail } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';

interface Applicant {
  email: string;
  displayName: string;
  handle: string;
}

export function applicationApprovedMail(to: Applicant, logInUrl: string, instanceName: string): MailMessage {
  return {
    kind: 'application-approved',
    to: to.email,
    subject: `Welcome to ${instanceName}: your sign-up is approved`,
    ...renderMail({
      instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [`An admin of ${instanceName} approved your sign-up as @${to.handle}. You can log in now.`],
      action: { label: 'Log in', url: logInUrl },
      footer: `You get this e-mail because you applied to join ${instanceName}.`,
    }),
  };
}

/** To each admin, so an application does not wait unseen. */
export function newApplicationMail(
  to: { email: string; displayName: string },
  applicant: Applicant & { reason: string },
  queueUrl: string,
  instanceName: string,
): MailMessage {
  return {
    kind: 'application-received',
    to: to.email,
    subject: `A new sign-up waits for approval on ${instanceName}`,
    ...renderMail({
      instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `${applicant.displayName} (@${applicant.handle}) applied to join ${instanceName}, saying:`,
        applicant.reason,
      ],
      action: { label: 'Review applications', url: queueUrl },
      footer: `You get this e-mail because you are an admin of ${instanceName}.`,
    }),
  };
}

export function applicationRejectedMail(to: Applicant, instanceName: string): MailMessage {
  return {
    kind: 'application-rejected',
    to: to.email,
    subject: `Your sign-up on ${instanceName}`,
    ...renderMail({
      instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `The admins of ${instanceName} did not approve your sign-up as @${to.handle}. The account and what you entered are deleted.`,
      ],
      footer: `You get this e-mail because you applied to join ${instanceName}.`,
    }),
  };
}
