/**
 * The bookmarks feature's public face: the reader's list of bookmarked posts and its empty
 * state. The bookmark button itself is one of a post's actions (posts).
 */
export { BookmarksEmptyState } from './bookmarks-empty-state';
export { useBookmarks } from './bookmarks.queries';
