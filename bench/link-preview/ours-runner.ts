import { fetchLinkPreview } from '../../server/features/link-previews/preview-fetch';
import { createSafeFetcher } from '../../server/platform/safe-fetch/safe-fetch';
import { NO_FIELDS } from './corpus-score';
import { serveRun } from './fetch-runner';

/** Our fetcher and extractor, exactly as the server runs them, with the cache off. */
serveRun(async () => {
  const fetcher = createSafeFetcher({
    allowedPrivateAddresses: ['127.0.0.1'],
    resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  return async (url) => {
    const result = await fetchLinkPreview(fetcher, url);
    if (!result.ok) return { ok: false, fields: NO_FIELDS };
    const { preview, stats } = result;
    const fields =
      'title' in preview
        ? {
            title: preview.title,
            description: preview.description,
            image: preview.images[0] ?? null,
            siteName: preview.siteName,
          }
        : NO_FIELDS;
    return {
      ok: true,
      fields,
      ...(stats ? { bytes: { decoded: stats.decodedBytes, wire: stats.wireBytes } } : {}),
    };
  };
});
