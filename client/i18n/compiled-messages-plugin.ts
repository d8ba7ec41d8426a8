import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import type { CompiledMessage } from './compiled-message';

/** The message catalogues: `client/i18n/messages/<locale>/<namespace>.json`. */
export const MESSAGE_FILE = /[\\/]client[\\/]i18n[\\/]messages[\\/][a-z]{2}[\\/][a-z0-9-]+\.json$/;

/**
 * Parses one ICU message at build time. A message that is only text stays a string (smaller, and
 * shown without the formatter); any other becomes its syntax tree. A message that does not parse
 * stops the build with its key, rather than showing garbled text to somebody.
 */
export function compileMessage(key: string, source: string): CompiledMessage {
  let elements;
  try {
    elements = parse(source);
  } catch (error) {
    throw new Error(`Message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (elements.length === 0) return '';
  const [only] = elements;
  if (elements.length === 1 && only?.type === TYPE.literal) return only.value;
  return elements;
}

export function compileCatalog(json: string, file: string): Record<string, CompiledMessage> {
  const source: unknown = JSON.parse(json);
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw new Error(`${file}: a message catalogue is one JSON object of strings`);
  }
  return Object.fromEntries(
    Object.entries(source).map(([key, value]) => {
      if (typeof value !== 'string') throw new Error(`${file}: message "${key}" is not a string`);
      return [key, compileMessage(key, value)];
    }),
  );
}

/**
 * Turns each catalogue into its compiled form before Vite's JSON plugin makes a module of it, so
 * the browser gets syntax trees and needs only the formatter of intl-messageformat, without its
 * parser (which the client's build leaves out: vite.config.ts).
 */
export function compiledMessages(): Plugin {
  return {
    name: 'tidings:compiled-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!MESSAGE_FILE.test(file)) return null;
      return { code: JSON.stringify(compileCatalog(code, file)), map: null };
    },
  };
}
