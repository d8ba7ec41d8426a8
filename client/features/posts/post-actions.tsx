import { Bookmark, Ellipsis, Heart, MessageCircle } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Post } from '../../../common/contracts/posts';
import { useLocale, useT } from '../../i18n';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { MenuButton } from '../../ui/menu-button';
import { useCurrentUser } from '../auth';
import { ACTION, BOOKMARKED, ICON, LIKED } from './action-styles';
import type { PostMenuSlot } from './post-menu-slot';
import { postsMessages } from './posts.messages';
import { useDeletePost, useToggleLike } from './posts.queries';
import { RepostCount, RepostMenu } from './repost-menu';
import { useToggleBookmark } from './use-toggle-bookmark';

export interface PostActionsProps {
  post: Post;
  isMine: boolean;
  canReply: boolean;
  /** The post's edit form is open: Edit and Delete wait until it closes. */
  isEditing: boolean;
  onEdit: () => void;
  /** Where focus returns when the edit form closes: the own post's menu button. */
  editButtonRef?: RefObject<HTMLButtonElement | null>;
  /** Shown to a signed-in reader after the post's own actions. */
  menu: PostMenuSlot;
}

export function PostActions(props: PostActionsProps) {
  const { post, isMine, canReply, isEditing, onEdit, editButtonRef, menu: PostMenu } = props;
  const t = useT(postsMessages);
  const locale = useLocale();
  const like = useToggleLike(post);
  const remove = useDeletePost(post);
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const { data: me } = useCurrentUser();
  // Only a top-level post can be shared: a reply makes sense only under the post it answers.
  const canShare = post.parentId === null;
  const likeLabel = t(post.likedByMe ? 'unlikeLabel' : 'likeLabel', { count: post.likeCount });
  return (
    // Below 360 px the row reaches back under the avatar (40 px and the 12 px gap, and the first
    // button's own 8 px) and spreads out: five 44 px buttons with their counts fit a 320 px screen.
    <div className="mt-2 -ml-2 flex flex-wrap items-center gap-1 max-[359px]:-ml-15 max-[359px]:justify-between">
      {canReply && (
        <Link
          to={`/p/${post.id}`}
          className={ACTION}
          aria-label={t('repliesLabel', { count: post.replyCount })}
        >
          <MessageCircle aria-hidden="true" className={ICON} />
          <span>{post.replyCount.toLocaleString(locale)}</span>
        </Link>
      )}
      {canShare &&
        (me ? (
          // Quoting writes a post: offered only to an account that may post.
          <RepostMenu post={post} canQuote={me.canPost} />
        ) : (
          <RepostCount count={post.repostCount} />
        ))}
      <button
        type="button"
        aria-pressed={post.likedByMe}
        aria-label={likeLabel}
        data-shortcut="like"
        onClick={() => like.mutate(!post.likedByMe)}
        className={post.likedByMe ? LIKED : ACTION}
      >
        {/* Liked is filled as well as red: the shape tells it apart without the colour. */}
        <Heart aria-hidden="true" className={ICON} fill={post.likedByMe ? 'currentColor' : 'none'} />
        <span>{post.likeCount.toLocaleString(locale)}</span>
      </button>
      {me && <BookmarkButton post={post} />}
      {isMine && !isEditing && (
        <>
          {/* In a menu, as everywhere else people post: two more words would not fit a phone's row. */}
          <MenuButton
            label={t('ownPostMenuLabel')}
            buttonRef={editButtonRef}
            className={ACTION}
            items={[
              { label: t('editButton'), onSelect: onEdit },
              { label: t('deleteButton'), onSelect: () => setIsConfirming(true), isDanger: true },
            ]}
          >
            <Ellipsis aria-hidden="true" className="size-5" />
          </MenuButton>
          <ConfirmDialog
            isOpen={isConfirming}
            title={t('deleteConfirmTitle')}
            confirmLabel={t('deleteConfirmButton')}
            isBusy={remove.isPending}
            onCancel={() => setIsConfirming(false)}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setIsConfirming(false);
                  if (window.location.pathname === `/p/${post.id}`) void navigate('/');
                },
              })
            }
          >
            {t('deleteConfirmBody')}
          </ConfirmDialog>
        </>
      )}
      {me && <PostMenu post={post} isMine={isMine} />}
    </div>
  );
}

/** Bookmarks are private to the reader: only someone signed in has this button. */
function BookmarkButton({ post }: { post: Post }) {
  const t = useT(postsMessages);
  const bookmark = useToggleBookmark(post);
  const isOn = post.bookmarkedByMe;
  return (
    <button
      type="button"
      aria-pressed={isOn}
      aria-label={t(isOn ? 'removeBookmarkLabel' : 'bookmarkLabel')}
      onClick={() => bookmark.mutate(!isOn)}
      className={isOn ? BOOKMARKED : ACTION}
    >
      {/* Filled when on, as the like's heart is: the shape tells it apart without the colour. */}
      <Bookmark aria-hidden="true" className={ICON} fill={isOn ? 'currentColor' : 'none'} />
    </button>
  );
}
