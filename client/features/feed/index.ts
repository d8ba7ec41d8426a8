/**
 * The live feed feature's public face: the live stream's subscription and status, the hook a
 * page uses to show a timeline live, and the feed page's parts (new-posts pill, empty state,
 * page shortcuts and their help). The post list and its keyboard handling belong to posts.
 */
export { FeedEmptyState } from './feed-empty-state';
export { loadKeyboardShortcutsDialog } from './lazy-parts';
export { LiveStatus } from './live-status';
export { NewPostsPill, type NewPostsPillProps } from './new-posts-pill';
export { useFeedPageShortcuts } from './use-feed-page-shortcuts';
export { useLiveFeed } from './use-live-feed';
export { useLiveTimeline } from './use-live-timeline';
