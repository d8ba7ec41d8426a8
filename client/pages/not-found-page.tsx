import { Link } from 'react-router';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageNotFoundMessages } from './page-not-found.messages';

export function NotFoundPage() {
  const t = useT(pageNotFoundMessages);
  useDocumentTitle(t('notFoundTitle'));
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{t('notFoundHeading')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('notFoundText')}</p>
      <Link
        to="/"
        className="rounded-lg bg-primary-600 px-4 py-2.5 font-semibold text-white hover:bg-primary-700"
      >
        {t('backToFeed')}
      </Link>
    </div>
  );
}
