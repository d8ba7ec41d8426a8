import { lazy } from 'react';
import { loadConfirmEmailNotice } from '../features/auth';
import { loadHomeSuggestions } from '../features/follows';
import { loadPostComposer } from '../features/posts';
import { loadPostMenu } from '../features/safety';
import { type FeedTimelinesProps, loadFeedTimelines } from '../features/timelines';

// Signed out, `/` shows the log-in form: the feed page loads first and sends the visitor on, so
// the composer and the timelines (tabs, post list with the post body's sanitizer, post menu,
// trending) load only for someone signed in, rather than with every visit to `/`.
export const PostComposer = lazy(() =>
  loadPostComposer().then((module) => ({ default: module.PostComposer })),
);

/** In the composer's place while the account must confirm its address: rare, so loaded when shown. */
export const ConfirmEmailNotice = lazy(() =>
  loadConfirmEmailNotice().then((module) => ({ default: module.ConfirmEmailNotice })),
);

/**
 * Starts every part above loading at once, as soon as the page knows someone is signed in. Left
 * to React, each lazy part would start only when first rendered, and React renders the
 * timelines only after the composer has suspended: a second round trip after the first, on
 * every phone network.
 */
export function preloadFeedParts({ canPost }: { canPost: boolean }): void {
  void (canPost ? loadPostComposer() : loadConfirmEmailNotice());
  void loadFeedTimelines();
  void loadPostMenu();
  void loadHomeSuggestions();
}

/**
 * Home and Everyone with the post list, the safety feature's post menu and the follows feature's
 * suggestions for an empty Home handed in once all three have loaded. The suggestions come
 * through the page because follows uses timelines: timelines importing follows would be a cycle.
 */
export const FeedTimelines = lazy(async () => {
  const [timelines, menu, suggestions] = await Promise.all([
    loadFeedTimelines(),
    loadPostMenu(),
    loadHomeSuggestions(),
  ]);
  const FeedTimelinesWithParts = (props: Omit<FeedTimelinesProps, 'postMenu' | 'homeSuggestions'>) => (
    <timelines.FeedTimelines
      {...props}
      postMenu={menu.PostMenu}
      homeSuggestions={suggestions.HomeSuggestions}
    />
  );
  return { default: FeedTimelinesWithParts };
});
