import { lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import type { CurrentUser } from '../../common/contracts/auth';
import { useCurrentUser } from '../features/auth';
import { loadKeyboardShortcutsDialog, useFeedPageShortcuts } from '../features/feed';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/page-spinner';
import { ConfirmEmailNotice, FeedTimelines, PostComposer, preloadFeedParts } from './feed-parts';
import { pageFeedMessages } from './page-feed.messages';

const KeyboardShortcutsDialog = lazy(async () => ({
  default: (await loadKeyboardShortcutsDialog()).KeyboardShortcutsDialog,
}));

/** The new-post composer's element id (PostComposer's id for a post that is not a reply). */
const NEW_POST_COMPOSER_ID = 'new-post';

export function FeedPage() {
  const t = useT(pageFeedMessages);
  useDocumentTitle(t('feedTitle'));
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  // import() answers the same module every time: rendering again starts nothing new.
  preloadFeedParts(user);
  return <Feed user={user} />;
}

function Feed({ user }: { user: CurrentUser }) {
  const t = useT(pageFeedMessages);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  useFeedPageShortcuts({
    // Focusing the stand-in field loads the editor, which takes the focus over.
    onNewPost: () => document.getElementById(NEW_POST_COMPOSER_ID)?.focus(),
    onHelp: () => setIsHelpOpen(true),
  });
  return (
    // Relative: on wide screens the trending hashtags sit in the margin beside this column.
    <div className="relative mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('feedTitle')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {t('feedWelcome', { name: user.displayName })}
          </p>
        </div>
        {/* Phones have no keyboard to use them with; the shortcuts still work where one is attached. */}
        <Button variant="ghost" className="max-sm:hidden" onClick={() => setIsHelpOpen(true)}>
          {t('keyboardShortcuts')}
        </Button>
      </div>
      {user.canPost ? (
        <PostComposer label={t('composerLabel')} placeholder={t('composerPlaceholder')} />
      ) : (
        <ConfirmEmailNotice user={user} />
      )}
      <FeedTimelines readerId={user.id} newPostsFocusId={NEW_POST_COMPOSER_ID} />
      {isHelpOpen && (
        <Suspense fallback={null}>
          <KeyboardShortcutsDialog onClose={() => setIsHelpOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
