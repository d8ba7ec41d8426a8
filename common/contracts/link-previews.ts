import { z } from './zod';
import { PUBLIC_ID_PATTERN } from '../link-previews/preview-contract';
import { MAX_PREVIEW_URL_LENGTH } from '../link-previews/url-rules';

/**
 * The query of GET /api/v1/proxy. `url` must be one string: a repeated `url` (parameter
 * pollution) arrives as an array and is refused like any other bad URL.
 */
export const previewQuerySchema = z.object({
  publicId: z.string().regex(PUBLIC_ID_PATTERN),
  url: z.string().min(1).max(MAX_PREVIEW_URL_LENGTH),
});

export type PreviewQuery = z.infer<typeof previewQuerySchema>;
