import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's fragment names (`/settings#privacy`) once the page has drawn
 * it (`ready`): the router changes pages without scrolling to a fragment, as a browser would.
 */
export function useFragmentScroll(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, ready]);
}
