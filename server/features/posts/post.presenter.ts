import type { PublicPost } from '../../../common/contracts/live-events';
import type { Post, PostAuthor, QuotedPost } from '../../../common/contracts/posts';
import { readStoredJson } from '../../platform/db/stored-json';
import { postImagesSchema, postLinkPreviewSchema } from '../../platform/db/stored-shapes';
import { parseAvatar } from '../users';
import type { PostRow } from './posts.repository';

const NOBODY: ReadonlySet<string> = new Set();

/**
 * `hidden`: the authors the reader hides or is hidden from (blocks either way, mutes); a quote
 * of their post reads as unavailable.
 */
export function presentPost(row: PostRow, hidden: ReadonlySet<string> = NOBODY): Post {
  return {
    id: row.id,
    author: presentAuthor(row),
    parentId: row.parent_id,
    bodyHtml: row.body_html,
    bodyText: row.body_text,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at).toISOString(),
    likeCount: row.like_count,
    replyCount: row.reply_count,
    likedByMe: row.liked_by !== null,
    repostCount: row.repost_count,
    repostedByMe: row.reposted_by !== null,
    quote: presentQuote(row, hidden),
    repostedBy: null,
    bookmarkedByMe: row.bookmarked_by !== null,
    images: readStoredJson(postImagesSchema, row.images_json, 'posts.images_json'),
    linkPreview:
      row.link_preview_json === null
        ? null
        : readStoredJson(postLinkPreviewSchema, row.link_preview_json, 'posts.link_preview_json'),
  };
}

function presentQuote(row: PostRow, hidden: ReadonlySet<string>): QuotedPost | null {
  if (row.quote_of_id === null) return null;
  if (
    row.quoted_id === null ||
    row.quoted_author_id === null ||
    row.quoted_created_at === null ||
    row.quoted_author_handle === null ||
    row.quoted_author_display_name === null ||
    row.quoted_author_suspended_at !== null
  )
    return { state: 'removed' };
  if (hidden.has(row.quoted_author_id)) return { state: 'unavailable' };
  return {
    state: 'visible',
    id: row.quoted_id,
    author: {
      id: row.quoted_author_id,
      handle: row.quoted_author_handle,
      displayName: row.quoted_author_display_name,
      avatar: parseAvatar(row.quoted_author_avatar_json),
    },
    excerpt: row.quoted_excerpt ?? '',
    createdAt: new Date(Number(row.quoted_created_at)).toISOString(),
    imageCount: readStoredJson(postImagesSchema, row.quoted_images_json ?? '[]', 'posts.images_json').length,
  };
}

/** Live events go to everyone, so they carry no reader-specific fields. */
export function presentPublicPost(row: PostRow): PublicPost {
  const {
    likedByMe: _liked,
    bookmarkedByMe: _bookmarked,
    repostedByMe: _reposted,
    ...post
  } = presentPost(row);
  return post;
}

export function presentAuthor(row: PostRow): PostAuthor {
  return {
    id: row.author_id,
    handle: row.author_handle,
    displayName: row.author_display_name,
    avatar: parseAvatar(row.author_avatar_json),
  };
}
