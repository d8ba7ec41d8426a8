import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showTimeline, shownTimeline, type Timeline, timelineId, useTimelinePosts } from '../posts';
import { pendingPosts } from './pending-posts';

/**
 * A timeline's posts, for the page that shows it: while it is open, the live feed's new posts
 * that belong in it go in it (or wait behind its pill), and a gap or a reconnect reads it again.
 * Pass the same object while the timeline stays the same (memoise it).
 */
export function useLiveTimeline(timeline: Timeline) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const previous = shownTimeline();
    if (timelineId(previous) !== timelineId(timeline)) {
      pendingPosts.clear();
      // It hears no new posts from now on: read it again when it is next shown.
      void queryClient.invalidateQueries({ queryKey: previous.queryKey, exact: true, refetchType: 'none' });
    }
    return showTimeline(timeline);
  }, [queryClient, timeline]);
  return useTimelinePosts(timeline);
}
