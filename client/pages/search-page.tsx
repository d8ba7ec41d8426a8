import { useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/search/search-query';
import { canSearch, SearchBox, SearchResults } from '../features/search';
import { useDocumentTitle } from '../lib/use-document-title';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  useDocumentTitle(q.trim() ? `Search: ${q}` : 'Search');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Search</h1>
      {/* The page's own field: phones have no header search box. */}
      <SearchBox
        label="Search posts"
        formLabel="Posts"
        inputId="search-page-field"
        hasShortcut={false}
        className="w-full"
      />
      {canSearch(q) ? (
        <SearchResults q={q} />
      ) : (
        <p className="text-slate-600 dark:text-slate-400">
          {q.length > SEARCH_QUERY_MAX_LENGTH
            ? `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`
            : 'Type what you are looking for to find posts and people.'}
        </p>
      )}
    </div>
  );
}
