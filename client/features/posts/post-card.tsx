import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { entryKeyOf } from './post-copies';
import type { Post } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import { RelativeTime } from '../../ui/relative-time';
import { useCurrentUser } from '../auth';
import { drafts } from '../composer';
import { LinkPreviewCard } from '../link-previews';
import { PostImages } from '../media';
import { PostActions } from './post-actions';
import { PostBody } from './post-body';
import type { PostMenuSlot } from './post-menu-slot';
import { editDraftKey, PostEditor } from './post-editor';
import { postsMessages } from './posts.messages';
import { QuoteCard } from './quote-card';
import { RepostedByLine } from './reposted-by-line';

export interface PostCardProps {
  post: Post;
  /** The post page shows its post larger and does not link to itself. */
  isFocus?: boolean;
  /** A search to highlight in the body (the post was opened from a search result). */
  highlight?: string | undefined;
  /** In a feed: its place (from 1) and the feed's size (-1 while more may load). */
  position?: { index: number; setSize: number };
  /** The "more actions" menu (from the safety feature, which posts cannot import). */
  postMenu: PostMenuSlot;
}

/** Posts at the top of a feed that are likely on the first screen: their pictures load first. */
const FIRST_SCREEN_POSTS = 2;

export function PostCard({ post, isFocus = false, highlight, position, postMenu }: PostCardProps) {
  const t = useT(postsMessages);
  const isOnFirstScreen = isFocus || (position !== undefined && position.index <= FIRST_SCREEN_POSTS);
  const { data: me } = useCurrentUser();
  const isMine = me?.id === post.author.id;
  // An edit left unsaved (a reload, a crash) reopens where it was: in the post's own entry only,
  // not in a repost of it on the same page as well (one draft, one form).
  const [isEditing, setIsEditing] = useState(() =>
    Boolean(me && isMine && post.repostedBy === null && drafts.has(editDraftKey(me.id, post.id))),
  );
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const endEdit = () => {
    // Edit comes back with the form's closing: render it now, then give it the focus back.
    flushSync(() => setIsEditing(false));
    editButtonRef.current?.focus();
  };
  const profile = `/@${post.author.handle}`;
  // Ids by the entry, not the post: a post and a repost of it can be on one page.
  const idPrefix = `post-${entryKeyOf(post)}`;
  const authorId = `${idPrefix}-author`;
  const repostedById = `${idPrefix}-reposted-by`;
  return (
    <article
      // "Ana reposted Bo" for a repost, the author's name otherwise.
      aria-labelledby={post.repostedBy ? `${repostedById} ${authorId}` : authorId}
      {...(position && {
        tabIndex: 0,
        'aria-posinset': position.index,
        'aria-setsize': position.setSize,
        'data-thread-id': post.parentId ?? post.id,
      })}
      // A thick ring inside the card: the feed clips what overflows it, and 2 px was easy to miss.
      className="scroll-mt-20 border-b border-slate-200 bg-white px-4 py-4 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-primary-600 dark:border-slate-800 dark:bg-slate-900 dark:focus-visible:outline-primary-400"
    >
      {post.repostedBy && <RepostedByLine id={repostedById} reason={post.repostedBy} />}
      <div className="flex gap-3">
        <Link to={profile} tabIndex={-1} aria-hidden="true">
          <Avatar name={post.author.displayName} handle={post.author.handle} avatar={post.author.avatar} />
        </Link>
        <div className="min-w-0 flex-1">
          <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link id={authorId} to={profile} className="font-semibold hover:underline">
              {post.author.displayName}
            </Link>
            <span className="text-slate-600 dark:text-slate-400">@{post.author.handle}</span>
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
            {/* 24 px tall at least: a touch target of its own beside the names. */}
            <Link
              to={`/p/${post.id}`}
              className="inline-flex min-h-6 items-center text-slate-600 hover:underline dark:text-slate-400"
            >
              <RelativeTime iso={post.createdAt} />
            </Link>
            {post.editedAt && <span className="text-slate-600 dark:text-slate-400">{t('editedMark')}</span>}
          </header>
          {isEditing ? (
            <PostEditor post={post} onDone={endEdit} />
          ) : (
            <PostBody
              html={post.bodyHtml}
              className={`mt-1 ${isFocus ? 'text-lg' : ''}`}
              highlight={highlight}
            />
          )}
          <PostImages images={post.images} isPriority={isOnFirstScreen} />
          {/* Images say more than a card: a post with images shows no link card, as in Mastodon. */}
          {post.images.length === 0 && post.linkPreview && (
            <LinkPreviewCard card={post.linkPreview} className="mt-3 max-w-lg" isPriority={isOnFirstScreen} />
          )}
          {post.quote && <QuoteCard quote={post.quote} idPrefix={idPrefix} />}
          <PostActions
            post={post}
            isMine={isMine}
            canReply={post.parentId === null}
            isEditing={isEditing}
            onEdit={() => setIsEditing(true)}
            editButtonRef={editButtonRef}
            menu={postMenu}
          />
        </div>
      </div>
    </article>
  );
}
