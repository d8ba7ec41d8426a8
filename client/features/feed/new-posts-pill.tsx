import { useQueryClient } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import { useT } from '../../i18n';
import { insertIntoShownTimeline, type Timeline, timelineId } from '../posts';
import { feedMessages } from './feed.messages';
import { pendingPosts, usePendingPosts } from './pending-posts';

export interface NewPostsPillProps {
  /** The timeline on the page: the pill counts the posts waiting for it. */
  timeline: Timeline;
  /** What takes the focus once the posts are in (the pill itself goes away). */
  focusId: string;
}

/**
 * Appears when posts arrived while the reader was scrolled down. Nothing moves until they ask:
 * then the posts go in at the top and the view follows them there.
 */
export function NewPostsPill({ timeline, focusId }: NewPostsPillProps) {
  const t = useT(feedMessages);
  const queryClient = useQueryClient();
  const id = timelineId(timeline);
  const pending = usePendingPosts(id);
  const count = pending.length;
  const showThem = () => {
    holdScrollAnchoringUntilScrollEnds();
    for (const post of pendingPosts.take(id).reverse()) insertIntoShownTimeline(queryClient, post);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    document.getElementById(focusId)?.focus({ preventScroll: true });
  };
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {count > 0 ? t('newPostsAnnouncement', { count }) : ''}
      </p>
      {count > 0 && (
        <div className="pointer-events-none fixed inset-x-0 top-20 z-20 flex justify-center">
          <button
            type="button"
            onClick={showThem}
            className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-primary-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-primary-700"
          >
            <ArrowUp aria-hidden="true" className="size-4 shrink-0" />
            {t('newPostsButton', { count })}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * The browser's scroll anchoring keeps the reader's place when posts go in above it, and Chromium
 * moves a smooth scroll under way by the same amount. On a busy phone the posts render after the
 * scroll to the top has begun, and the view then stopped a post's height short of the top, the
 * new post half hidden under the header. Anchoring is off until that scroll ends. (Browsers
 * without scroll anchoring never had the problem; the ones with it fire `scrollend`.)
 */
function holdScrollAnchoringUntilScrollEnds(): void {
  const page = document.documentElement;
  page.style.overflowAnchor = 'none';
  window.addEventListener('scrollend', () => page.style.removeProperty('overflow-anchor'), { once: true });
}
