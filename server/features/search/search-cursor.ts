import { z } from 'zod';
import type { MatchMode, SearchPosition } from './search-index';

/**
 * Opaque cursor of a search page: where the last page ended and whether the query fell back to
 * any-term matching, so that later pages go on the way the first one started.
 */
export interface SearchCursor {
  mode: MatchMode;
  after: SearchPosition;
}

const cursorSchema = z.object({
  m: z.enum(['all', 'any']),
  s: z.number().finite(),
  d: z.number().int().nonnegative(),
});

export function encodeSearchCursor({ mode, after }: SearchCursor): string {
  const wire: z.infer<typeof cursorSchema> = { m: mode, s: after.score, d: after.docId };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

export function decodeSearchCursor(value: string): SearchCursor | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) return null;
  const { m, s, d } = parsed.data;
  return { mode: m, after: { score: s, docId: d } };
}
