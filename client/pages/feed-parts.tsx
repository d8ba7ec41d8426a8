import { lazy } from 'react';
import { loadConfirmEmailNotice } from '../features/auth';
import { loadPostComposer, loadPostList, type PostListProps } from '../features/posts';
import { loadPostMenu } from '../features/safety';

// Signed out, `/` shows the log-in form: the feed page loads first and sends the visitor on, so
// the composer and the post list (with the post body's sanitizer and the post menu) load only for
// someone signed in, alongside the feed's first page rather than with every visit to `/`.
export const PostComposer = lazy(() =>
  loadPostComposer().then((module) => ({ default: module.PostComposer })),
);

/** In the composer's place while the account must confirm its address: rare, so loaded when shown. */
export const ConfirmEmailNotice = lazy(() =>
  loadConfirmEmailNotice().then((module) => ({ default: module.ConfirmEmailNotice })),
);

/** The feed's post list, with the safety feature's post menu handed in once both have loaded. */
export const PostList = lazy(async () => {
  const [list, menu] = await Promise.all([loadPostList(), loadPostMenu()]);
  const FeedPostList = (props: Omit<PostListProps, 'postMenu'>) => (
    <list.PostList {...props} postMenu={menu.PostMenu} />
  );
  return { default: FeedPostList };
});
