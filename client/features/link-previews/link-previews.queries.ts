import { useQuery } from '@tanstack/react-query';
import { normalizeUrl } from '../../../common/link-previews/url-rules';
import { fetchLinkPreview } from './fetch-link-preview';

/** Previews change rarely; the server caches them for a day. Within a page, ask once per URL. */
export const linkPreviewKeys = {
  preview: (url: string) => ['link-preview', normalizeUrl(url) ?? url] as const,
};

/** The card (or catalogue error) for `url`; idle while `url` is null. */
export function useLinkPreview(publicId: string, url: string | null) {
  return useQuery({
    queryKey: linkPreviewKeys.preview(url ?? ''),
    queryFn: ({ signal }) => fetchLinkPreview(publicId, url ?? '', { signal }),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
