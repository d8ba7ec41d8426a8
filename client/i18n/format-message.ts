import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createElement, Fragment, type ReactNode } from 'react';
import type { CompiledMessage } from './compiled-message';
import type { Locale } from './locales';

/** What a message's arguments take: numbers and dates are formatted for the language. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** A message with tags (`<link>…</link>`) also takes, for each tag, what to wrap its text in. */
export type RichMessageValues = Readonly<
  Record<string, string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)>
>;

// One formatter per message and language, kept while the message is: building one sets up the
// Intl plural rules and number formats, which is the costly part.
const formatters = new Map<Locale, WeakMap<MessageFormatElement[], IntlMessageFormat>>();

function formatterFor(locale: Locale, message: MessageFormatElement[]): IntlMessageFormat {
  let byMessage = formatters.get(locale);
  if (!byMessage) formatters.set(locale, (byMessage = new WeakMap()));
  let formatter = byMessage.get(message);
  if (!formatter) byMessage.set(message, (formatter = new IntlMessageFormat(message, locale)));
  return formatter;
}

export function formatMessage(locale: Locale, message: CompiledMessage, values?: MessageValues): string {
  if (typeof message === 'string') return message;
  return String(formatterFor(locale, message).format(values));
}

/** What a message laid out in pieces takes: each tag's function makes one piece of its words. */
export type PartValues<Part> = Readonly<
  Record<string, string | number | Date | ((chunks: (string | Part)[]) => Part)>
>;

/**
 * A message with tags as its pieces: text, and what each tag's function made of its words. For a
 * caller that lays the pieces out itself (a sentence with a link it builds).
 */
export function formatMessageParts<Part>(
  locale: Locale,
  message: CompiledMessage,
  values: PartValues<Part>,
): (string | Part)[] {
  if (typeof message === 'string') return [message];
  const parts = formatterFor(locale, message).format<Part>(values);
  return Array.isArray(parts) ? parts : [parts];
}

export function formatRichMessage(
  locale: Locale,
  message: CompiledMessage,
  values: RichMessageValues,
): ReactNode {
  if (typeof message === 'string') return message;
  const parts = formatterFor(locale, message).format<ReactNode>(values);
  // As children of one fragment the parts need no keys, as they would in an array.
  return Array.isArray(parts) ? createElement(Fragment, null, ...parts) : parts;
}
