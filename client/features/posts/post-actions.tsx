import { type Ref, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Post } from '../../../common/contracts/posts';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCurrentUser } from '../auth/auth.queries';
import { PostMenu } from '../safety/post-menu';
import { useDeletePost, useToggleLike } from './posts.queries';

const ACTION =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800';

export interface PostActionsProps {
  post: Post;
  isMine: boolean;
  canReply: boolean;
  /** The post's edit form is open: Edit and Delete wait until it closes. */
  isEditing: boolean;
  onEdit: () => void;
  /** Where focus returns when the edit form closes. */
  editButtonRef?: Ref<HTMLButtonElement>;
}

export function PostActions({ post, isMine, canReply, isEditing, onEdit, editButtonRef }: PostActionsProps) {
  const like = useToggleLike(post);
  const remove = useDeletePost(post);
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const { data: me } = useCurrentUser();
  const likeLabel = `${post.likedByMe ? 'Unlike' : 'Like'} (${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'})`;
  return (
    <div className="mt-2 -ml-2 flex flex-wrap items-center gap-1">
      {canReply && (
        <Link to={`/p/${post.id}`} className={ACTION} aria-label={`Replies (${post.replyCount})`}>
          <span aria-hidden="true">💬</span>
          <span>{post.replyCount}</span>
        </Link>
      )}
      <button
        type="button"
        aria-pressed={post.likedByMe}
        aria-label={likeLabel}
        data-shortcut="like"
        onClick={() => like.mutate(!post.likedByMe)}
        className={`${ACTION} ${post.likedByMe ? 'text-rose-700 dark:text-rose-400' : ''}`}
      >
        <span aria-hidden="true">{post.likedByMe ? '♥' : '♡'}</span>
        <span>{post.likeCount}</span>
      </button>
      {isMine && !isEditing && (
        <>
          <button ref={editButtonRef} type="button" onClick={onEdit} className={ACTION}>
            Edit
          </button>
          <button type="button" onClick={() => setIsConfirming(true)} className={ACTION}>
            Delete
          </button>
          <ConfirmDialog
            isOpen={isConfirming}
            title="Delete this post?"
            confirmLabel="Delete"
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
            It disappears from every feed at once, with its replies. This cannot be undone.
          </ConfirmDialog>
        </>
      )}
      {me && <PostMenu post={post} isMine={isMine} />}
    </div>
  );
}
