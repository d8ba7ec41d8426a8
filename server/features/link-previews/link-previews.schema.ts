import { type PreviewQuery, previewQuerySchema } from '../../../common/contracts/link-previews';
import { errors } from '../../errors';

export const INVALID_URL_MESSAGE = 'That is not a web address we can preview.';

export function parsePreviewQuery(query: unknown): PreviewQuery {
  const parsed = previewQuerySchema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (fields.has('url')) throw errors.badRequest('invalid_url', INVALID_URL_MESSAGE);
  throw errors.validation({ publicId: 'Use 1 to 64 letters, digits, "_" or "-".' });
}
