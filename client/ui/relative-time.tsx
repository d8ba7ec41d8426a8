import { translate, useLocale, type Locale } from '../i18n';
import { uiMessages } from './ui.messages';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Building an Intl format is the costly part: one of each per language.
const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();
const absoluteFormats = new Map<Locale, Intl.DateTimeFormat>();

function relativeFormat(locale: Locale): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format)
    relativeFormats.set(
      locale,
      (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })),
    );
  return format;
}

/** A date and time in full, as the language writes it ("29 Nov 2026, 13:05"). */
export function absoluteDateTime(date: Date, locale: Locale): string {
  let format = absoluteFormats.get(locale);
  if (!format)
    absoluteFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })),
    );
  return format.format(date);
}

export function relativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat(locale).format(Math.round(seconds / size), unit);
  }
  return translate(uiMessages)('justNow');
}

export function RelativeTime({ iso }: { iso: string }) {
  // Re-renders when the language changes.
  const locale = useLocale();
  return (
    <time dateTime={iso} title={absoluteDateTime(new Date(iso), locale)}>
      {relativeTime(iso, locale)}
    </time>
  );
}
