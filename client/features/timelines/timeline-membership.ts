import type { HomeSourcesResponse } from '../../../common/contracts/follows';
import type { Post, PostAuthor } from '../../../common/contracts/posts';
import { hashtagsIn } from './hashtags-in-html';

/** What the filters read of a post: who wrote it, whether it answers one, what it links to. */
export type PostShape = Pick<Post, 'parentId' | 'bodyHtml'> & { author: Pick<Post['author'], 'id'> };

/**
 * A new post goes in Home when it is a top-level post by the reader, by someone they follow, or
 * carrying a hashtag they follow. Before the sources are known, only the reader's own qualify.
 */
export function isHomePost(
  post: PostShape,
  sources: HomeSourcesResponse | undefined,
  readerId: string,
): boolean {
  if (post.parentId !== null) return false;
  if (post.author.id === readerId) return true;
  if (!sources) return false;
  if (sources.userIds.includes(post.author.id)) return true;
  return sources.tags.length > 0 && hashtagsIn(post.bodyHtml).some((tag) => sources.tags.includes(tag));
}

/** A new post goes in a hashtag's timeline when it is a top-level post carrying that tag (its key). */
export function isTagPost(post: PostShape, tagKey: string): boolean {
  return post.parentId === null && hashtagsIn(post.bodyHtml).includes(tagKey);
}

/** What the Home filter reads of a repost: who reposted it, and that the post is a top-level one. */
export type RepostShape = Pick<Post, 'parentId'> & { repostedBy: { by: Pick<PostAuthor, 'id'> } };

/**
 * A repost goes in Home when the reader, or someone they follow, reposted it: who wrote the post
 * does not matter (that is the point of a repost), and a followed hashtag brings no reposts.
 */
export function isHomeRepost(
  repost: RepostShape,
  sources: HomeSourcesResponse | undefined,
  readerId: string,
): boolean {
  if (repost.parentId !== null) return false;
  const reposterId = repost.repostedBy.by.id;
  return reposterId === readerId || (sources?.userIds.includes(reposterId) ?? false);
}
