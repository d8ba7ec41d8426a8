import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { BookmarksEmptyState, useBookmarks } from '../features/bookmarks';
import { PostList } from '../features/posts';
import { PostMenu } from '../features/safety';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { pageBookmarksMessages } from './page-bookmarks.messages';

/** The reader's bookmarks, newest bookmark first; private, so signed in only. */
export function BookmarksPage() {
  const t = useT(pageBookmarksMessages);
  useDocumentTitle(t('bookmarksTitle'));
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Bookmarks />;
}

function Bookmarks() {
  const t = useT(pageBookmarksMessages);
  const bookmarks = useBookmarks();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t('bookmarksTitle')}</h1>
      <PostList
        query={bookmarks}
        label={t('bookmarksListLabel')}
        empty={<BookmarksEmptyState />}
        hasShortcuts
        postMenu={PostMenu}
      />
    </div>
  );
}
