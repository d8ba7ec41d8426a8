import { PageSkeleton } from './skeleton';

/**
 * What a page shows while it loads: stand-in posts in the page's column rather than a lone
 * spinner, so the first screen keeps the shape of the one that follows (and of the HTML shell).
 */
export function PageSpinner() {
  return <PageSkeleton />;
}
