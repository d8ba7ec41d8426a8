import { hashKey } from '@tanstack/react-query';
import { everyoneTimeline, type Timeline } from './timeline';

/**
 * The timeline a page shows, or showed last: the one new posts from the live stream are for.
 * Everyone until a page says otherwise, so pages without a timeline (a profile, a thread) keep
 * collecting the feed's new posts behind its pill, as before there were other timelines.
 */
let shown: Timeline = everyoneTimeline;
let isOnScreen = false;

export function shownTimeline(): Timeline {
  return shown;
}

/** The shown timeline's page is open (not only the last one seen). */
export function isShownTimelineOnScreen(): boolean {
  return isOnScreen;
}

export function timelineId(timeline: Timeline): string {
  return hashKey(timeline.queryKey);
}

/** Makes `timeline` the shown one while its page is open; the returned function says it closed. */
export function showTimeline(timeline: Timeline): () => void {
  shown = timeline;
  isOnScreen = true;
  return () => {
    if (shown === timeline) isOnScreen = false;
  };
}
