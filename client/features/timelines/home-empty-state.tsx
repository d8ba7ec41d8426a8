import { House } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { timelinesMessages } from './timelines.messages';

/**
 * Home with nothing in it: how to fill it, and the way to every post meanwhile. `suggestions`
 * (accounts to follow, from the page) come last, so nothing above moves when they arrive.
 */
export function HomeEmptyState({
  onShowEveryone,
  suggestions,
}: {
  onShowEveryone: () => void;
  suggestions?: ReactNode;
}) {
  const t = useT(timelinesMessages);
  return (
    <section
      aria-labelledby="home-empty-title"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <House aria-hidden="true" className="mx-auto size-12 text-primary-500" strokeWidth={1.5} />
      <h2 id="home-empty-title" className="mt-4 text-lg font-semibold">
        {t('homeEmptyTitle')}
      </h2>
      <p className="mx-auto mt-2 max-w-sm text-slate-600 dark:text-slate-400">{t('homeEmptyText')}</p>
      <Button variant="secondary" className="mt-6" onClick={onShowEveryone}>
        {t('showEveryoneButton')}
      </Button>
      {suggestions}
    </section>
  );
}
