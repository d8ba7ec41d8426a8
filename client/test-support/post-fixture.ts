import type { Post } from '../../common/contracts/posts';

/** A plain top-level post by Cy, with nothing liked, reposted or quoted: tests change what they need. */
export function aPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'post-1',
    author: { id: 'cy', handle: 'cy', displayName: 'Cy', avatar: null },
    parentId: null,
    bodyHtml: '<p>Hi</p>',
    bodyText: 'Hi',
    createdAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    likeCount: 0,
    replyCount: 0,
    likedByMe: false,
    repostCount: 0,
    repostedByMe: false,
    quote: null,
    repostedBy: null,
    bookmarkedByMe: false,
    images: [],
    linkPreview: null,
    ...overrides,
  };
}
