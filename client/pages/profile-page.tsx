import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { FollowButton } from '../features/follows';
import { PostList, useAuthorPosts, useAuthorReplies, useProfile } from '../features/posts';
import { ProfileHeader } from '../features/users';
import { PostMenu, ProfileSafety } from '../features/safety';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { NotFoundPage } from './not-found-page';
import { pageProfileMessages } from './page-profile.messages';

/** /@handle. Any other single-segment path is a 404. */
export function ProfilePage() {
  const { profile: segment = '' } = useParams();
  const handle = segment.startsWith('@') ? segment.slice(1) : null;
  if (handle === null) return <NotFoundPage />;
  return <Profile handle={handle} />;
}

type Tab = 'posts' | 'replies';

function Profile({ handle }: { handle: string }) {
  const t = useT(pageProfileMessages);
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'replies' ? 'replies' : 'posts';
  const { data: me } = useCurrentUser();
  const profile = useProfile(handle);
  // Nothing to list when the reader is shown none of the author's posts (a block or a mute).
  const isHidden = profile.data?.viewer.postsHidden ?? false;
  const posts = useAuthorPosts(handle, !isHidden);
  const replies = useAuthorReplies(handle, tab === 'replies' && !isHidden);
  const user = profile.data?.user;
  useDocumentTitle(user ? `${user.displayName} (@${user.handle})` : `@${handle}`);
  if (profile.isPending) return <PageSpinner />;
  if (!profile.data || !user) return <NotFoundPage />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <ProfileHeader user={user} counts={profile.data.counts} viewer={profile.data.viewer} />
      {me?.id === user.id && (
        <Link
          to="/settings"
          className="self-start rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {t('editProfile')}
        </Link>
      )}
      {me?.id !== user.id && (
        // Follow, then the menu with mute and block; a mute's or block's notice on a line of its own.
        <div className="flex flex-wrap items-start gap-3 empty:hidden">
          <FollowButton user={user} viewer={profile.data.viewer} />
          <ProfileSafety user={user} viewer={profile.data.viewer} />
        </div>
      )}
      <nav
        aria-label={t('profileSectionsLabel')}
        className="flex gap-2 border-b border-slate-200 dark:border-slate-800"
      >
        <TabLink to={`/@${user.handle}`} isCurrent={tab === 'posts'}>
          {t('postsTab')}
        </TabLink>
        <TabLink to={`/@${user.handle}?tab=replies`} isCurrent={tab === 'replies'}>
          {t('repliesTab')}
        </TabLink>
      </nav>
      {isHidden ? (
        <p className="text-slate-600 dark:text-slate-400">{t('postsHidden', { handle: user.handle })}</p>
      ) : tab === 'posts' ? (
        <PostList
          query={posts}
          label={t('authorPostsLabel', { name: user.displayName })}
          empty={<p className="text-slate-600 dark:text-slate-400">{t('noPosts')}</p>}
          postMenu={PostMenu}
        />
      ) : (
        <PostList
          query={replies}
          label={t('authorRepliesLabel', { name: user.displayName })}
          empty={<p className="text-slate-600 dark:text-slate-400">{t('noReplies')}</p>}
          postMenu={PostMenu}
        />
      )}
    </div>
  );
}

function TabLink({ to, isCurrent, children }: { to: string; isCurrent: boolean; children: string }) {
  return (
    <Link
      to={to}
      replace
      aria-current={isCurrent ? 'page' : undefined}
      className="-mb-px rounded-t-lg border-b-2 border-transparent px-4 py-2 font-semibold text-slate-600 hover:text-slate-900 aria-[current=page]:border-primary-600 aria-[current=page]:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-[current=page]:text-slate-100"
    >
      {children}
    </Link>
  );
}
