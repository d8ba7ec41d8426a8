import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { normalizeUrl } from '../../../common/link-previews/url-rules';
import { fetchLinkPreview } from './fetch-link-preview';
import { PREVIEW_MESSAGES } from './preview-messages';

/** Previews change rarely; the server caches them for a day. Within a page, ask once per URL. */
export const linkPreviewKeys = {
  preview: (url: string) => ['link-preview', normalizeUrl(url) ?? url] as const,
};

/** The card (or catalogue error) for `url`; idle while `url` is null. */
export function useLinkPreview(publicId: string, url: string | null) {
  const query = useQuery({
    queryKey: linkPreviewKeys.preview(url ?? ''),
    queryFn: ({ signal }) => fetchLinkPreview(publicId, url ?? '', { signal }),
    enabled: url !== null,
    // Offline, the default ('online') pauses the request, and the card would say "Loading" for
    // as long as the browser stays offline: ask at once, and say "Network error" at once.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // A network error is about this browser, not the link: asked again once it is back online.
  const isNetworkError = query.data?.error === PREVIEW_MESSAGES.network;
  const { refetch } = query;
  useEffect(() => {
    if (!isNetworkError) return;
    const retry = () => void refetch();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [isNetworkError, refetch]);
  return query;
}
