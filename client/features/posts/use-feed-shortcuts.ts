import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isPageShortcut } from '../../lib/keyboard-shortcuts';
import { articlesOf, firstArticleInView, focusArticle, focusedArticleIndex } from './feed-focus';

export interface FeedShortcutOptions {
  hasMore: boolean;
  loadMore: () => unknown;
  /** Posts in the feed now: a page that arrives after `j` at the end gets the focus moved on. */
  postCount: number;
}

/** Navigation state the post page reads to put the focus in its reply composer. */
export interface ReplyNavigationState {
  isReplying: true;
}

/**
 * j / k: next / previous post (at the end, the next page loads and the focus follows);
 * l: like or unlike the focused post; r: reply to it (opens its thread, composer focused).
 */
export function useFeedShortcuts(feed: RefObject<HTMLElement | null>, options: FeedShortcutOptions): void {
  const navigate = useNavigate();
  const latest = useRef(options);
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null || !feed.current) return;
    const articles = articlesOf(feed.current);
    if (wanted < articles.length) {
      pendingFocus.current = null;
      focusArticle(articles[wanted]);
    }
  }, [feed, options.postCount]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const element = feed.current;
      if (!element || !['j', 'k', 'l', 'r'].includes(event.key) || !isPageShortcut(event)) return;
      const articles = articlesOf(element);
      const index = focusedArticleIndex(element, articles);
      const current = articles[index];
      event.preventDefault();
      if (event.key === 'j') {
        if (index === -1) focusArticle(articles[firstArticleInView(articles)]);
        else if (index < articles.length - 1) focusArticle(articles[index + 1]);
        else if (latest.current.hasMore) {
          pendingFocus.current = index + 1;
          latest.current.loadMore();
        }
      } else if (event.key === 'k') {
        focusArticle(articles[index === -1 ? firstArticleInView(articles) : Math.max(0, index - 1)]);
      } else if (event.key === 'l') {
        current?.querySelector<HTMLButtonElement>('[data-shortcut="like"]')?.click();
      } else if (current?.dataset.threadId) {
        const state: ReplyNavigationState = { isReplying: true };
        void navigate(`/p/${current.dataset.threadId}`, { state });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [feed, navigate]);
}
