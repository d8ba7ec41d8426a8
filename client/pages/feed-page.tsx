import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth/auth.queries';
import { FeedEmptyState } from '../features/feed/feed-empty-state';
import { NewPostsPill } from '../features/feed/new-posts-pill';
import { PostComposer } from '../features/posts/post-composer';
import { PostList } from '../features/posts/post-list';
import { useFeed } from '../features/posts/posts.queries';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';

export function FeedPage() {
  useDocumentTitle('Home');
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Feed displayName={user.displayName} />;
}

function Feed({ displayName }: { displayName: string }) {
  const feed = useFeed();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Home</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Welcome, {displayName}.</p>
      </div>
      <PostComposer label="Write a post" placeholder="What's new?" />
      <NewPostsPill />
      <PostList query={feed} label="Latest posts" empty={<FeedEmptyState />} />
    </div>
  );
}
