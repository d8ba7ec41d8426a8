/**
 * The parts of follows that the feed page loads only once someone is signed in: the suggestions
 * for an empty Home, loaded with the timelines. import() names the module itself, so its chunk
 * stays out of the page's (see posts/lazy-parts.ts).
 */
export const loadHomeSuggestions = () => import('./home-suggestions');
