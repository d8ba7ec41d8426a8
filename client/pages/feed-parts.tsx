import { lazy } from 'react';

// Signed out, `/` shows the log-in form: the feed page loads first and sends the visitor on, so
// the composer and the post list (with the post body's sanitizer) load only for someone signed
// in, alongside the feed's first page rather than with every visit to `/`.
export const PostComposer = lazy(() =>
  import('../features/posts/post-composer').then((module) => ({ default: module.PostComposer })),
);
export const PostList = lazy(() =>
  import('../features/posts/post-list').then((module) => ({ default: module.PostList })),
);
