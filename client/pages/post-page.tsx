import { useEffect } from 'react';
import { CornerLeftUp } from 'lucide-react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import {
  BackLink,
  PostCard,
  PostComposer,
  PostList,
  type ReplyNavigationState,
  usePost,
  useReplies,
} from '../features/posts';
import { useCurrentUser } from '../features/auth';
import { ConfirmEmailNotice } from './feed-parts';
import { PostMenu } from '../features/safety';
import { useT } from '../i18n';
import { ApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { NotFoundPage } from './not-found-page';
import { pagePostMessages } from './page-post.messages';

export function PostPage() {
  const t = useT(pagePostMessages);
  const { id = '' } = useParams();
  // Opened from a search result: /p/:id?highlight=<the search>.
  const [searchParams] = useSearchParams();
  const highlight = searchParams.get('highlight') ?? undefined;
  const post = usePost(id);
  const replies = useReplies(id);
  const { data: me } = useCurrentUser();
  useReplyFocus(id, Boolean(post.data && me?.canPost));
  useDocumentTitle(
    post.data
      ? t('postDocumentTitle', {
          name: post.data.author.displayName,
          excerpt: post.data.bodyText.slice(0, 40),
        })
      : t('postTitle'),
  );
  if (post.isPending) return <PageSpinner />;
  if (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400))
    return <NotFoundPage />;
  if (!post.data) return <PageSpinner />;
  const isThreadRoot = post.data.parentId === null;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <BackLink />
      <h1 className="sr-only">{t('postHeading', { name: post.data.author.displayName })}</h1>
      {!isThreadRoot && post.data.parentId && (
        <Link
          to={`/p/${post.data.parentId}`}
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
        >
          <CornerLeftUp aria-hidden="true" className="size-4 shrink-0" />
          {t('showParentPost')}
        </Link>
      )}
      <div className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
        <PostCard post={post.data} isFocus highlight={highlight} postMenu={PostMenu} />
      </div>
      {isThreadRoot && (
        <section aria-labelledby="replies-title" className="flex flex-col gap-4">
          <h2 id="replies-title" className="text-lg font-semibold">
            {t('repliesHeading')}
          </h2>
          {me?.canPost && (
            <PostComposer
              parentId={post.data.id}
              label={t('replyComposerLabel')}
              placeholder={t('replyComposerPlaceholder')}
            />
          )}
          {me && !me.canPost && <ConfirmEmailNotice user={me} />}
          <PostList
            query={replies}
            label={t('repliesListLabel')}
            postMenu={PostMenu}
            empty={<p className="text-slate-600 dark:text-slate-400">{t('noReplies')}</p>}
          />
        </section>
      )}
    </div>
  );
}

/**
 * Opened by the `r` shortcut: the reply composer takes the focus once it is on the page (its
 * stand-in field, focused, loads the editor, which keeps the focus).
 */
function useReplyFocus(postId: string, isComposerShown: boolean): void {
  const location = useLocation();
  const state = location.state as Partial<ReplyNavigationState> | null;
  const isReplying = state?.isReplying === true;
  useEffect(() => {
    if (isReplying && isComposerShown) document.getElementById(`reply-${postId}`)?.focus();
  }, [isReplying, isComposerShown, postId, location.key]);
}
