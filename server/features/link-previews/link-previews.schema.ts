import { type PreviewQuery, previewQuerySchema } from '../../../common/contracts/link-previews';
import { errors } from '../../errors';

export function parsePreviewQuery(query: unknown): PreviewQuery {
  const parsed = previewQuerySchema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (fields.has('url')) throw errors.invalidUrl();
  throw errors.validation({ publicId: 'Use 1 to 64 letters, digits, "_" or "-".' });
}
