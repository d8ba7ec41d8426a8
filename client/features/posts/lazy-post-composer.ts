/** The post composer as a lazy entry for the feed page (see lazy-post-list.ts). */
export { PostComposer } from './post-composer';
