import { useParams } from 'react-router';
import { PostList } from '../features/posts/post-list';
import { useAuthorPosts, useProfile } from '../features/posts/posts.queries';
import { ProfileSafety } from '../features/safety/profile-safety';
import { useDocumentTitle } from '../lib/use-document-title';
import { Avatar } from '../ui/avatar';
import { PageSpinner } from '../ui/page-spinner';
import { NotFoundPage } from './not-found-page';

const joined = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** /@handle. Any other single-segment path is a 404. */
export function ProfilePage() {
  const { profile: segment = '' } = useParams();
  const handle = segment.startsWith('@') ? segment.slice(1) : null;
  if (handle === null) return <NotFoundPage />;
  return <Profile handle={handle} />;
}

function Profile({ handle }: { handle: string }) {
  const profile = useProfile(handle);
  const posts = useAuthorPosts(handle);
  useDocumentTitle(profile.data ? `${profile.data.displayName} (@${profile.data.handle})` : `@${handle}`);
  if (profile.isPending) return <PageSpinner />;
  if (!profile.data) return <NotFoundPage />;
  const user = profile.data;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <header className="flex items-center gap-4">
        <Avatar name={user.displayName} handle={user.handle} size="lg" />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{user.displayName}</h1>
          <p className="text-slate-600 dark:text-slate-400">
            @{user.handle} · Joined {joined.format(new Date(user.createdAt))}
          </p>
        </div>
      </header>
      <ProfileSafety user={user} />
      <PostList
        query={posts}
        label={`Posts by ${user.displayName}`}
        empty={<p className="text-slate-600 dark:text-slate-400">No posts yet.</p>}
      />
    </div>
  );
}
