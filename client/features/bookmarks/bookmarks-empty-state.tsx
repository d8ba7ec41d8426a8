import { Bookmark } from 'lucide-react';
import { useT } from '../../i18n';
import { bookmarksMessages } from './bookmarks.messages';

export function BookmarksEmptyState() {
  const t = useT(bookmarksMessages);
  return (
    <section
      aria-labelledby="bookmarks-empty-title"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <Bookmark aria-hidden="true" className="mx-auto size-12 text-primary-500" strokeWidth={1.5} />
      <h2 id="bookmarks-empty-title" className="mt-4 text-lg font-semibold">
        {t('emptyTitle')}
      </h2>
      <p className="mx-auto mt-2 max-w-sm text-slate-600 dark:text-slate-400">{t('emptyBody')}</p>
    </section>
  );
}
