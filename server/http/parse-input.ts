import type { z } from 'zod';
import { fieldErrorsFrom } from '../../common/contracts/auth';
import { errors } from '../errors';

/** Validates a body, query or params object at the edge; 400 with one message per field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw errors.validation(fieldErrorsFrom(parsed.error));
  return parsed.data;
}
