import { House } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';

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
  return (
    <section
      aria-labelledby="home-empty-title"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <House aria-hidden="true" className="mx-auto size-12 text-primary-500" strokeWidth={1.5} />
      <h2 id="home-empty-title" className="mt-4 text-lg font-semibold">
        Your Home timeline is empty
      </h2>
      <p className="mx-auto mt-2 max-w-sm text-slate-600 dark:text-slate-400">
        Follow people from their profiles, and hashtags from their pages, to see their posts here. Everyone
        has every post on this server in the meantime.
      </p>
      <Button variant="secondary" className="mt-6" onClick={onShowEveryone}>
        Show Everyone
      </Button>
      {suggestions}
    </section>
  );
}
