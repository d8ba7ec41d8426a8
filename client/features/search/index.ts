/** The search feature's public face: the search box, the results, and term highlighting. */
export { highlight } from './highlight';
export { SearchBox } from './search-box';
export { SearchResults } from './search-results';
export { canSearch } from './search.queries';
