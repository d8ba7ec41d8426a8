import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * A message as the build leaves it (vite-plugin-compiled-messages): plain text stays a string;
 * a message with arguments, plurals or tags becomes the ICU parser's syntax tree, so the page
 * formats it without shipping the parser.
 */
export type CompiledMessage = string | MessageFormatElement[];

/** One namespace's messages in one language. */
export type Catalog = Readonly<Record<string, CompiledMessage>>;
