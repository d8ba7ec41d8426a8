import { useEffect, useState } from 'react';
import { findFirstUrlMatch } from '../../../common/link-previews/url-rules';
import { useLinkPreview } from './link-previews.queries';

/** A link at the very end of the text counts as complete after this long without typing. */
export const LINK_IDLE_MS = 500;

// A space, or sentence punctuation and then a space, ends a link for sure. Anything else may
// still grow: "example.com:" can become a port, "example.com." can become "example.com.au".
const LINK_END = /^[.,;!?)"'\]]*\s/;

export function isLinkComplete(text: string, end: number): boolean {
  return LINK_END.test(text.slice(end));
}

/**
 * The first link of the text once it is complete: at once when a space (after any punctuation)
 * follows it, otherwise after LINK_IDLE_MS without change (typing "example.co" must not preview
 * example.co).
 */
export function useCompletedFirstUrl(text: string): string | null {
  const match = findFirstUrlMatch(text);
  const candidate = match?.url ?? null;
  const isFollowed = match !== null && isLinkComplete(text, match.end);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(candidate), LINK_IDLE_MS);
    return () => clearTimeout(timer);
  }, [candidate, text]);
  if (candidate === null) return null;
  return isFollowed || settled === candidate ? candidate : null;
}

export interface ComposerLinkPreview {
  /** The link being previewed, or null. */
  url: string | null;
  query: ReturnType<typeof useLinkPreview>;
  dismiss(): void;
  /** What to publish with the post: the link whose card is shown, null when dismissed or failed. */
  publishUrl: string | null;
}

/**
 * The composer's card: follows the first complete link; a dismissed link is not suggested again
 * in this composer.
 */
export function useComposerLinkPreview(publicId: string, text: string): ComposerLinkPreview {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const completed = useCompletedFirstUrl(text);
  const url = completed !== null && !dismissed.has(completed) ? completed : null;
  const query = useLinkPreview(publicId, url);
  const hasFailed = Boolean(query.data?.error) || query.isError;
  return {
    url,
    query,
    dismiss: () => {
      if (url !== null) setDismissed((previous) => new Set(previous).add(url));
    },
    publishUrl: url !== null && !hasFailed ? url : null,
  };
}
