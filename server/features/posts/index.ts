/** The posts feature's public face: what other features may use of it. */
export { presentPost } from './post.presenter';
export { findPostsByIds, type PostRow } from './posts.repository';
export type { PostsService } from './posts.service';
