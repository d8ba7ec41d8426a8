import { renderMail } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';
import { DATA_EXPORT_TTL_MS } from './limits';

/** Where the archive is downloaded: the settings page, behind the account's own session. */
export function dataExportSettingsLink(publicUrl: string): string {
  return `${publicUrl}/settings#your-data`;
}

/** The archive is ready. No link to the file itself: it opens only in a signed-in browser. */
export function dataExportReadyMail(
  to: { email: string; displayName: string; handle: string },
  settingsLink: string,
  instanceName: string,
): MailMessage {
  const days = Math.round(DATA_EXPORT_TTL_MS / (24 * 60 * 60 * 1000));
  return {
    kind: 'data-export-ready',
    to: to.email,
    subject: `Your data from ${instanceName} is ready to download`,
    ...renderMail({
      instanceName,
      greeting: `Hi ${to.displayName},`,
      paragraphs: [
        `The archive of your data as @${to.handle} on ${instanceName} is ready: your profile, posts, likes and images.`,
        `Download it from your settings within ${days} days; after that it is deleted and you can ask for a new one.`,
      ],
      action: { label: 'Go to your settings', url: settingsLink },
      footer: `You get this e-mail because you asked for an archive of your data on ${instanceName}.`,
    }),
  };
}
