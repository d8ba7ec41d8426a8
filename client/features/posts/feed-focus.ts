import type { KeyboardEvent } from 'react';

/**
 * Moving focus between the posts of an ARIA feed (role="feed", one <article> per post). The
 * articles are the feed's direct children; each is focusable and knows its post and thread.
 */
export function articlesOf(feed: HTMLElement): HTMLElement[] {
  return Array.from(feed.querySelectorAll<HTMLElement>(':scope > article'));
}

/** The article holding the focus, or -1 when the focus is outside the feed. */
export function focusedArticleIndex(feed: HTMLElement, articles: readonly HTMLElement[]): number {
  const article = document.activeElement?.closest('article');
  return article instanceof HTMLElement ? articles.indexOf(article) : -1;
}

/** Where `j` starts when nothing in the feed has the focus: the first post still on screen. */
export function firstArticleInView(articles: readonly HTMLElement[]): number {
  const index = articles.findIndex((article) => article.getBoundingClientRect().bottom > 0);
  return Math.max(0, index);
}

export function focusArticle(article: HTMLElement | undefined): void {
  if (!article) return;
  article.focus();
  article.scrollIntoView({ block: 'nearest' });
}

/** Page Down / Page Up inside the feed, as the ARIA feed pattern asks. */
export function onFeedKeyDown(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
  const articles = articlesOf(event.currentTarget);
  const index = focusedArticleIndex(event.currentTarget, articles);
  if (index === -1) return;
  event.preventDefault();
  focusArticle(
    articles[event.key === 'PageDown' ? Math.min(index + 1, articles.length - 1) : Math.max(index - 1, 0)],
  );
}
