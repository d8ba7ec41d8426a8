import type { CompiledMessage } from './compiled-message';

/**
 * One part of the app's wording: its name (the catalogue file in every language) and its English
 * messages, the source the other languages translate. Defined next to the code that shows them, so
 * English ships with the chunk that needs it.
 */
export interface MessageNamespace<Key extends string> {
  readonly name: string;
  readonly source: Readonly<Record<Key, CompiledMessage>>;
}

export function defineMessages<Key extends string>(
  name: string,
  source: Readonly<Record<Key, string>>,
): MessageNamespace<Key> {
  // TypeScript reads the JSON file as written; the build hands over its compiled form
  // (compiled-messages-plugin.ts), plain text still a string.
  const compiled: unknown = source;
  return { name, source: compiled as Readonly<Record<Key, CompiledMessage>> };
}
