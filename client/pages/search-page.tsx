import { useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/search/search-query';
import { canSearch, SearchBox, SearchResults } from '../features/search';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageSearchMessages } from './page-search.messages';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const t = useT(pageSearchMessages);
  useDocumentTitle(q.trim() ? t('searchDocumentTitle', { query: q }) : t('searchTitle'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t('searchTitle')}</h1>
      {/* The page's own field: phones have no header search box. */}
      <SearchBox
        label={t('searchFieldLabel')}
        formLabel={t('searchFormLabel')}
        inputId="search-page-field"
        hasShortcut={false}
        className="w-full"
      />
      {canSearch(q) ? (
        <SearchResults q={q} />
      ) : (
        <p className="text-slate-600 dark:text-slate-400">
          {q.length > SEARCH_QUERY_MAX_LENGTH
            ? t('searchTooLong', { max: SEARCH_QUERY_MAX_LENGTH })
            : t('searchPrompt')}
        </p>
      )}
    </div>
  );
}
