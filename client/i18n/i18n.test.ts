import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import type { Catalog } from './compiled-message';
import { compileMessage } from './compiled-messages-plugin';
import { formatMessage, formatRichMessage } from './format-message';
import { LOCALES, matchLocale, type Locale } from './locales';

describe('the language a browser gets', () => {
  it('is the first of its languages we speak, by primary subtag', () => {
    expect(matchLocale(['fr-FR', 'pt-PT', 'de'])).toBe('pt');
    expect(matchLocale(['de-AT', 'en-US'])).toBe('de');
    expect(matchLocale(['PT-br'])).toBe('pt');
  });

  it('is English when none is spoken here', () => {
    expect(matchLocale(['fr', 'ja'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});

describe('messages compiled at build time', () => {
  it('keeps plain text a string, unescaped', () => {
    expect(compileMessage('k', 'Log in')).toBe('Log in');
    expect(compileMessage('k', "It's '{'fine'}'")).toBe("It's {fine}");
  });

  it('turns a message with arguments into its syntax tree', () => {
    expect(Array.isArray(compileMessage('k', 'Hi {name}'))).toBe(true);
  });

  it('stops the build on a message that does not parse, naming it', () => {
    expect(() => compileMessage('replies', '{count, plural, one {# reply}')).toThrow(/"replies"/);
  });
});

describe('formatting in the reader’s language', () => {
  const replies = compileMessage('replies', '{count, plural, one {# reply} other {# replies}}');
  const antworten = compileMessage('replies', '{count, plural, one {# Antwort} other {# Antworten}}');
  const respostas = compileMessage('replies', '{count, plural, one {# resposta} other {# respostas}}');

  it('follows each language’s plural rules and number format', () => {
    expect(formatMessage('en', replies, { count: 1 })).toBe('1 reply');
    expect(formatMessage('en', replies, { count: 1234 })).toBe('1,234 replies');
    expect(formatMessage('de', antworten, { count: 1 })).toBe('1 Antwort');
    expect(formatMessage('de', antworten, { count: 1234 })).toBe('1.234 Antworten');
    // Portuguese (Brazil) counts 0 as singular.
    expect(formatMessage('pt', respostas, { count: 0 })).toBe('0 resposta');
    expect(formatMessage('pt', respostas, { count: 2 })).toBe('2 respostas');
  });

  it('wraps a tag’s text in what the caller gives for it', () => {
    const message = compileMessage('k', 'Read the <link>rules</link>.');
    const rendered = formatRichMessage('en', message, {
      link: (chunks) => `[${chunks.map(String).join('')}]`,
    });
    expect(JSON.stringify(rendered)).toContain('[rules]');
  });
});

/** Every catalogue file of every language, compiled as the build compiles it (vitest.config.ts). */
const catalogues = import.meta.glob<Catalog>('./messages/*/*.json', { eager: true, import: 'default' });

/** Sample values for a message's arguments: numbers where it counts or formats numbers. */
function sampleValues(
  elements: MessageFormatElement[],
  count: number,
  into: Record<string, string | number> = {},
) {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) into[element.value] = count;
    else if (element.type === TYPE.date || element.type === TYPE.time)
      into[element.value] = Date.UTC(2026, 10, 29);
    else if (element.type === TYPE.argument || element.type === TYPE.select) into[element.value] ??= 'x';
    if (element.type === TYPE.tag) sampleValues(element.children, count, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) sampleValues(option.value, count, into);
    }
  }
  return into;
}

describe('every message of every language', () => {
  const entries = Object.entries(catalogues).flatMap(([path, catalogue]) => {
    const locale = path.split('/')[2] as Locale;
    return Object.entries(catalogue).map(([key, message]) => ({
      where: `${path} "${key}"`,
      locale,
      message,
    }));
  });

  it('covers the three languages', () => {
    expect(new Set(entries.map(({ locale }) => locale))).toEqual(new Set(LOCALES));
  });

  it('renders with values for its arguments, at the counts plural rules tell apart', () => {
    const failures: string[] = [];
    for (const { where, locale, message } of entries) {
      if (typeof message === 'string') continue;
      for (const count of [0, 1, 2, 5, 1000]) {
        const values = sampleValues(message, count);
        const tags = Object.fromEntries(
          message.flatMap(function tagsOf(element): [string, (chunks: unknown[]) => string][] {
            if (element.type === TYPE.tag)
              return [
                [element.value, (chunks) => chunks.map(String).join('')],
                ...element.children.flatMap(tagsOf),
              ];
            if (element.type === TYPE.plural || element.type === TYPE.select) {
              return Object.values(element.options).flatMap((option) => option.value.flatMap(tagsOf));
            }
            return [];
          }),
        );
        try {
          const text = JSON.stringify(formatRichMessage(locale, message, { ...values, ...tags }));
          if (/[{}]/.test(text.replace(/^"|"$/g, ''))) failures.push(`${where} leaves a brace: ${text}`);
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
