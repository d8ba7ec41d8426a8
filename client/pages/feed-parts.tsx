import { lazy } from 'react';
import { loadConfirmEmailNotice } from '../features/auth';
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

/** Home and Everyone with the post list, the safety feature's post menu handed in once both have loaded. */
export const FeedTimelines = lazy(async () => {
  const [timelines, menu] = await Promise.all([loadFeedTimelines(), loadPostMenu()]);
  const FeedTimelinesWithMenu = (props: Omit<FeedTimelinesProps, 'postMenu'>) => (
    <timelines.FeedTimelines {...props} postMenu={menu.PostMenu} />
  );
  return { default: FeedTimelinesWithMenu };
});
