import { ChevronDown, TrendingUp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { hashtagHref } from '../../../common/rich-text/hashtag';
import { useT } from '../../i18n';
import { timelinesMessages } from './timelines.messages';
import { useTrendingTags } from './timelines.queries';

/** Tailwind's `xl`: from here the list sits in the margin beside the feed. */
const BESIDE_THE_FEED = '(min-width: 80rem)';

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(BESIDE_THE_FEED);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsBesideTheFeed(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(BESIDE_THE_FEED).matches);
}

const NOTE = 'text-sm text-slate-600 dark:text-slate-400';

/** The most used hashtags of the last day, each with how many people used it. */
function TrendingList({ isEnabled }: { isEnabled: boolean }) {
  const t = useT(timelinesMessages);
  const trending = useTrendingTags(isEnabled);
  if (trending.isPending) return <p className={NOTE}>{t('trendingLoading')}</p>;
  if (!trending.data) return <p className={NOTE}>{t('trendingLoadFailed')}</p>;
  const { tags } = trending.data;
  if (tags.length === 0) return <p className={NOTE}>{t('trendingEmpty')}</p>;
  return (
    <ol aria-label={t('trendingListLabel')} className="flex flex-col">
      {tags.map(({ tag, authors }) => (
        <li key={tag} className="flex min-w-0 items-center justify-between gap-3">
          <Link
            to={hashtagHref(tag)}
            className="block min-w-0 truncate py-2.5 font-semibold text-slate-900 hover:underline xl:py-1 dark:text-slate-100"
          >
            #{tag}
          </Link>
          <span className={`shrink-0 ${NOTE}`}>{t('trendingPeopleCount', { count: authors })}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Wide screens (1280 px up): the list in the margin to the right of the feed, out of the page's
 * flow, so neither its arrival nor its length moves anything. It is read only while shown.
 */
export function TrendingAside() {
  const t = useT(timelinesMessages);
  const isShown = useIsBesideTheFeed();
  return (
    <aside
      aria-labelledby="trending-heading"
      className="hidden xl:absolute xl:top-8 xl:left-full xl:block xl:w-60 xl:pl-4"
    >
      <h2 id="trending-heading" className="mb-2 flex items-center gap-2 font-semibold">
        <TrendingUp aria-hidden="true" className="size-5 shrink-0 text-primary-600 dark:text-primary-400" />
        {t('trendingTitle')}
      </h2>
      <TrendingList isEnabled={isShown} />
    </aside>
  );
}

export const TRENDING_PANEL_ID = 'trending-panel';

/** Narrower screens: a button in the row of tabs, so the first post stays where it was. */
export function TrendingToggle({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const t = useT(timelinesMessages);
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls={TRENDING_PANEL_ID}
      onClick={onToggle}
      className="mb-1 inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-200/70 sm:px-3 xl:hidden dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {/* Left out on the narrowest screens, where the row holds the two tabs beside it. */}
      <TrendingUp aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
      {t('trendingTitle')}
      <ChevronDown
        aria-hidden="true"
        className={`size-4 shrink-0 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
      />
    </button>
  );
}

/** What the toggle opens, between the tabs and the posts; read only once opened. */
export function TrendingPanel({ isOpen }: { isOpen: boolean }) {
  return (
    <div
      id={TRENDING_PANEL_ID}
      hidden={!isOpen}
      className="rounded-2xl border border-slate-200 bg-white px-4 py-2 xl:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      {isOpen && <TrendingList isEnabled />}
    </div>
  );
}
