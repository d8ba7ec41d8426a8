import { useEffect, useRef } from 'react';
import { isPageShortcut } from '../../lib/keyboard-shortcuts';

export interface FeedPageShortcuts {
  /** n */
  onNewPost: () => void;
  /** ? */
  onHelp: () => void;
}

/** The feed page's own keys; the posts' keys belong to the list (useFeedShortcuts). */
export function useFeedPageShortcuts(handlers: FeedPageShortcuts): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key !== 'n' && event.key !== '?') || !isPageShortcut(event)) return;
      event.preventDefault();
      if (event.key === 'n') latest.current.onNewPost();
      else latest.current.onHelp();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
