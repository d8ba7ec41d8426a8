import type { z } from 'zod';

/**
 * A JSON column whose text does not match its schema: a row written by older code, edited by
 * hand or damaged. Thrown rather than passed on, so a wrong shape never reaches a presenter as
 * if it were the right one; the message names the column and the first problem.
 */
export class StoredJsonError extends Error {
  constructor(
    readonly column: string,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`Stored JSON in ${column} is not valid: ${detail}`, options);
    this.name = 'StoredJsonError';
  }
}

/**
 * Reads back JSON the server stored itself, checked against the schema it was written with.
 * `column` names where it came from (`posts.images_json`) for the error.
 */
export function readStoredJson<T>(schema: z.ZodType<T>, text: string, column: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoredJsonError(column, 'not JSON', { cause: error });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  throw new StoredJsonError(column, `${issue?.message ?? 'wrong shape'}${where}`, { cause: parsed.error });
}
