/**
 * The feed page's timelines (tabs, Home, trending) load only once someone is signed in: signed
 * out, `/` only sends the visitor to the log-in form. import() names the module itself, so its
 * chunk stays out of the page's (see posts/lazy-parts.ts).
 */
export const loadFeedTimelines = () => import('./feed-timelines');
