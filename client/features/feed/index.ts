/**
 * The home feed feature's public face: the live feed's subscription and status, and the feed
 * page's parts (new-posts pill, empty state, page shortcuts and their help). The post list and
 * its keyboard handling belong to posts.
 */
export { FeedEmptyState } from './feed-empty-state';
export { loadKeyboardShortcutsDialog } from './lazy-parts';
export { LiveStatus } from './live-status';
export { NewPostsPill } from './new-posts-pill';
export { useFeedPageShortcuts } from './use-feed-page-shortcuts';
export { useLiveFeed } from './use-live-feed';
