import { useT } from '../../i18n';
import { feedMessages } from './feed.messages';

export function FeedEmptyState() {
  const t = useT(feedMessages);
  return (
    <section
      aria-labelledby="feed-empty-title"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto size-12 text-primary-500">
        <path
          d="M6 28c5-7 10-7 15 0s10 7 15 0 8-5 6-3"
          stroke="currentColor"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M6 18c5-7 10-7 15 0s10 7 15 0"
          stroke="currentColor"
          strokeOpacity=".45"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <h2 id="feed-empty-title" className="mt-4 text-lg font-semibold">
        {t('emptyTitle')}
      </h2>
      <p className="mx-auto mt-2 max-w-sm text-slate-600 dark:text-slate-400">{t('emptyBody')}</p>
    </section>
  );
}
