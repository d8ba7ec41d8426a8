import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { HASHTAG_TYPE } from '../../../common/rich-text/hashtag';
import { MENTION_TYPE } from '../../../common/rich-text/post-schema';
import { highlightTermsOf } from '../../../common/search/search-query';
import { highlight as highlightMatches } from '../search';
import { sanitizePostHtml } from './sanitize-post-html';

export interface PostBodyProps {
  html: string;
  className?: string;
  /** A search whose words and phrases are highlighted in the text (after DOMPurify, text nodes only). */
  highlight?: string | undefined;
}

/** Links into the app itself: DOMPurify keeps these only with their exact same-origin href. */
const IN_APP_LINK = `a[data-type="${MENTION_TYPE}"], a[data-type="${HASHTAG_TYPE}"]`;

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A post's rich text. The only place that sets HTML (lint enforces it): the server's sanitised
 * HTML goes through DOMPurify once more right here. Mention and hashtag links move through the
 * router instead of reloading the app; outside links open in a new tab (target and rel come
 * with them).
 */
export function PostBody({ html, className = '', highlight = '' }: PostBodyProps) {
  const navigate = useNavigate();
  const clean = useMemo(
    () => highlightMatches(sanitizePostHtml(html), highlightTermsOf(highlight)),
    [html, highlight],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !isPlainLeftClick(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest(IN_APP_LINK);
    const href = link?.getAttribute('href');
    if (!link || !href || !event.currentTarget.contains(link)) return;
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
