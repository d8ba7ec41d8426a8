import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { BookmarksEmptyState, useBookmarks } from '../features/bookmarks';
import { PostList } from '../features/posts';
import { PostMenu } from '../features/safety';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';

/** The reader's bookmarks, newest bookmark first; private, so signed in only. */
export function BookmarksPage() {
  useDocumentTitle('Bookmarks');
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Bookmarks />;
}

function Bookmarks() {
  const bookmarks = useBookmarks();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Bookmarks</h1>
      <PostList
        query={bookmarks}
        label="Bookmarked posts"
        empty={<BookmarksEmptyState />}
        hasShortcuts
        postMenu={PostMenu}
      />
    </div>
  );
}
