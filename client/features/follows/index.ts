/**
 * The follows feature's public face: the profile's Follow button, the followers and following
 * lists, the reader's follow requests, the settings page's "Privacy" part, and "Who to follow"
 * for an empty Home (loaded lazily, with loadHomeSuggestions).
 */
export { FollowButton } from './follow-button';
export { FollowList } from './follow-list';
export { followListHeading, type FollowListKind } from './follow-lists';
export { FollowRequests } from './follow-requests';
export { FollowSettingsForm } from './follow-settings-form';
export { loadHomeSuggestions } from './lazy-parts';
export { useFollowList } from './follows.queries';
