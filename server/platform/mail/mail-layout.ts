import { escapeUTF8 } from 'entities';
import type { MailBody } from './sealed-body';

/** What every message says, in order: the one template both parts are made from. */
export interface MailContent {
  /** The instance's name: the sender the reader recognises. */
  instanceName: string;
  greeting: string;
  /** Plain sentences; any user text in them is escaped in the HTML part. */
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Why the reader got this message, under a rule. */
  footer: string;
  /** Where the reader stops this kind of message (notification mail), under the footer. */
  unsubscribe?: { label: string; url: string };
}

/**
 * The text and HTML parts of one message. The HTML is a single column of inline-styled blocks,
 * which mail clients render alike; every piece of text in it is escaped, so a display name or an
 * instance name can never become markup.
 */
export function renderMail(content: MailContent): MailBody {
  const { instanceName, greeting, paragraphs, action, footer, unsubscribe } = content;
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    `-- \n${footer}\n${unsubscribe ? `${unsubscribe.label}: ${unsubscribe.url}\n` : ''}${instanceName}`,
  ].join('\n\n');
  const e = escapeUTF8;
  const paragraph = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${e(instanceName)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="margin:0 0 16px;font-weight:600">${e(instanceName)}</p>`,
    paragraph(e(greeting)),
    ...paragraphs.map((p) => paragraph(e(p))),
    ...(action
      ? [
          paragraph(
            `<a href="${e(action.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${e(action.label)}</a>`,
          ),
          paragraph(`<span style="font-size:14px;word-break:break-all">${e(action.url)}</span>`),
        ]
      : []),
    `<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0 16px"><p style="margin:0;font-size:14px;color:#475569">${e(footer)}</p>`,
    ...(unsubscribe
      ? [
          `<p style="margin:8px 0 0;font-size:14px"><a href="${e(unsubscribe.url)}" style="color:#475569">${e(unsubscribe.label)}</a></p>`,
        ]
      : []),
    '</div></body></html>',
  ].join('\n');
  return { text, html };
}
