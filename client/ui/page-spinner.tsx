import { PageSkeleton } from './skeleton';

/**
 * What a page shows while it loads: stand-in posts in the page's column rather than a lone
 * spinner, so the first screen keeps the shape of the one that follows (and of the HTML shell).
 * It is a column of its own: a part of a page that loads inside the page's column shows
 * SkeletonPosts, which takes that column's width, rather than a narrower column within it.
 */
export function PageSpinner() {
  return <PageSkeleton />;
}
