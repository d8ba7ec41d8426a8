/*
 * Stand-ins painted while the app or a page loads, shaped like what replaces them so nothing
 * moves when it arrives. client/index.html paints the same markup before any script runs: keep
 * the two in step (e2e/first-paint.spec.ts compares them).
 */

import { useT } from '../i18n';
import { uiMessages } from './ui.messages';

/** How many stand-in posts a loading list shows: enough to fill a screen's feed column. */
export const SKELETON_POST_COUNT = 3;

const BAR = 'rounded bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700';

/** One post's size with a one-line body: avatar, author line, body, action row. */
export function SkeletonPost() {
  return (
    <div
      data-skeleton-post=""
      aria-hidden="true"
      className="flex gap-3 border-b border-slate-200 bg-white px-4 py-4 last:border-b-0 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className={`size-10 shrink-0 rounded-full ${BAR}`} />
      <div className="min-w-0 flex-1">
        <div className="flex h-5 items-center">
          <div className={`h-3 w-2/5 ${BAR}`} />
        </div>
        <div className="mt-1 flex h-6 items-center">
          <div className={`h-3.5 w-4/5 ${BAR}`} />
        </div>
        <div className="mt-2 flex h-9 items-center gap-4">
          <div className={`h-4 w-12 ${BAR}`} />
          <div className={`h-4 w-12 ${BAR}`} />
        </div>
      </div>
    </div>
  );
}

/** A list still loading: three stand-in posts, and one polite "Loading…" for screen readers. */
export function SkeletonPosts() {
  const t = useT(uiMessages);
  return (
    <div>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
        {Array.from({ length: SKELETON_POST_COUNT }, (_, index) => (
          <SkeletonPost key={index} />
        ))}
      </div>
    </div>
  );
}

/** A page still loading: the stand-in posts in the feed column, where a page's content starts. */
export function PageSkeleton() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <SkeletonPosts />
    </div>
  );
}
