import { dateTimeFormat, relativeTimeFormat, translate, useLocale, type Locale } from '../i18n';
import { uiMessages } from './ui.messages';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A date and time in full, as the language writes it ("29 Nov 2026, 13:05"). */
export function absoluteDateTime(date: Date, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function relativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size)
      return relativeTimeFormat(locale, { numeric: 'auto', style: 'short' }).format(
        Math.round(seconds / size),
        unit,
      );
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
