import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { highlightTermsOf } from '../../../common/search/search-query';
import { highlight as highlightMatches } from '../search';
import { sanitizePostHtml } from './sanitize-post-html';

export interface PostBodyProps {
  html: string;
  className?: string;
  /** A search whose words and phrases are highlighted in the text (after DOMPurify, text nodes only). */
  highlight?: string | undefined;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A post's rich text. The only place that sets HTML (lint enforces it): the server's sanitised
 * HTML goes through DOMPurify once more right here. Mention links move through the router
 * instead of reloading the app; outside links open in a new tab (target and rel come with them).
 */
export function PostBody({ html, className = '', highlight = '' }: PostBodyProps) {
  const navigate = useNavigate();
  const clean = useMemo(
    () => highlightMatches(sanitizePostHtml(html), highlightTermsOf(highlight)),
    [html, highlight],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !isPlainLeftClick(event) || !(event.target instanceof Element)) return;
    const mention = event.target.closest('a[data-type="mention"]');
    const href = mention?.getAttribute('href');
    if (!mention || !href || !event.currentTarget.contains(mention)) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // Clicks are delegated from the links inside, which are focusable and keyboard-operable themselves.
    <div
      className={`rich-text break-words ${className}`}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
