/**
 * The timelines feature's public face: the feed page's Home and Everyone tabs with the trending
 * hashtags (loaded lazily, with loadFeedTimelines), a hashtag's live timeline and its Follow
 * button, and what the follows UI calls when the reader's Home sources change.
 */
export { HashtagFollowButton } from './hashtag-follow-button';
export { hashtagsIn } from './hashtags-in-html';
export { loadFeedTimelines } from './lazy-parts';
export { LiveTimelineList, type LiveTimelineListProps } from './live-timeline-list';
export {
  hashtagKeys,
  homeSourcesKey,
  invalidateHomeSources,
  tagTimeline,
  timelineKeys,
  useHomeSources,
} from './timelines.queries';
export type { FeedTimelinesProps, HomeSuggestionsProps } from './feed-timelines';
