import type { PublicPost } from '../../../common/contracts/live-events';
import type { Post, PostAuthor } from '../../../common/contracts/posts';
import { readStoredJson } from '../../platform/db/stored-json';
import { postImagesSchema, postLinkPreviewSchema } from '../../platform/db/stored-shapes';
import { parseAvatar } from '../users';
import type { PostRow } from './posts.repository';

export function presentPost(row: PostRow): Post {
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
    bookmarkedByMe: row.bookmarked_by !== null,
    images: readStoredJson(postImagesSchema, row.images_json, 'posts.images_json'),
    linkPreview:
      row.link_preview_json === null
        ? null
        : readStoredJson(postLinkPreviewSchema, row.link_preview_json, 'posts.link_preview_json'),
  };
}

/** Live events go to everyone, so they carry no reader-specific fields. */
export function presentPublicPost(row: PostRow): PublicPost {
  const { likedByMe: _liked, bookmarkedByMe: _bookmarked, ...post } = presentPost(row);
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
