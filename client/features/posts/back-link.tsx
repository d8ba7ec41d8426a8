import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n';
import { canGoBackInApp } from './history-back';
import { postsMessages } from './posts.messages';

/**
 * "Back" at the top of a post: the browser's back when the reader came from within the app,
 * otherwise (a shared link, a new tab) a plain link to the feed. A link either way, so it can
 * also be opened in a new tab.
 */
export function BackLink() {
  const t = useT(postsMessages);
  const navigate = useNavigate();
  return (
    <Link
      to="/"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!canGoBackInApp(window.history.state)) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg pr-3 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
      {t('backLink')}
    </Link>
  );
}
