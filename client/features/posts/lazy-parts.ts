/**
 * The parts of posts that the feed page loads only once someone is signed in. Each import()
 * names the module itself, so the browser fetches that module's chunk in one step; exporting these
 * functions from the index, rather than the modules, keeps the modules out of the page's chunk.
 */
export const loadPostList = () => import('./post-list');
export const loadPostComposer = () => import('./post-composer');
