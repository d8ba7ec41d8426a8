/**
 * The post list as a lazy entry: the feed page imports it with import(), so the list, the post
 * card and the body's sanitizer load with the feed's first page rather than with the page.
 */
export { PostList } from './post-list';
