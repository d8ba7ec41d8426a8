/**
 * The follows feature's public face: the profile's Follow button, the followers and following
 * lists, the reader's follow requests, and the settings page's "Privacy" part.
 */
export { FollowButton } from './follow-button';
export { FollowList } from './follow-list';
export { followListHeading, type FollowListKind } from './follow-lists';
export { FollowRequests } from './follow-requests';
export { FollowSettingsForm } from './follow-settings-form';
export { useFollowList } from './follows.queries';
