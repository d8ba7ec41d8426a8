import { z } from 'zod';
import { PUBLIC_ID_PATTERN } from '../../../common/link-previews/preview-contract';
import { MAX_PREVIEW_URL_LENGTH } from '../../../common/link-previews/url-rules';
import { errors } from '../../errors';

/**
 * The query of GET /api/v1/proxy. `url` must be one string: a repeated `url` (parameter
 * pollution) arrives as an array and is refused like any other bad URL.
 */
export const previewQuerySchema = z.object({
  publicId: z.string().regex(PUBLIC_ID_PATTERN),
  url: z.string().min(1).max(MAX_PREVIEW_URL_LENGTH),
});

export type PreviewQuery = z.infer<typeof previewQuerySchema>;

export function parsePreviewQuery(query: unknown): PreviewQuery {
  const parsed = previewQuerySchema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (fields.has('url')) throw errors.invalidUrl();
  throw errors.validation({ publicId: 'Use 1 to 64 letters, digits, "_" or "-".' });
}
