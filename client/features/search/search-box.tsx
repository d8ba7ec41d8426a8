import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../common/search/search-query';
import { useT } from '../../i18n';
import { focusFirstResult, SEARCH_INPUT_ID } from './result-navigation';
import { searchMessages } from './search.messages';
import { canSearch } from './search.queries';
import { useSlashShortcut } from './use-slash-shortcut';

/** Pause in typing after which the results follow what was typed. */
export const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_PATH = '/search';

export const searchPathFor = (q: string) => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;

export interface SearchBoxProps {
  /** The field's label; the header's also names people, the search page's is "Search posts". */
  label?: string;
  /** The search landmark's name. */
  formLabel?: string;
  /** The header's field is the one arrow keys from the results return to (SEARCH_INPUT_ID). */
  inputId?: string;
  /** Only one field answers "/": the header's. */
  hasShortcut?: boolean;
  className?: string;
}

const NO_FIELD = { current: null };

/**
 * A search field (the header's, and the search page's own for phones). What it holds lives in the URL (/search?q=): typing updates it after
 * a short pause, Enter at once, and the field follows the URL when it changes otherwise (back,
 * forward, a link).
 */
export function SearchBox({
  label,
  formLabel,
  inputId = SEARCH_INPUT_ID,
  hasShortcut = true,
  className = 'min-w-0 flex-1 sm:max-w-sm',
}: SearchBoxProps) {
  const t = useT(searchMessages);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const isOnSearchPage = location.pathname === SEARCH_PATH;
  const urlQuery = isOnSearchPage ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  const [sentQuery, setSentQuery] = useState<string | null>(null);
  /** The query whose history entry typing made: only that entry is replaced by more typing. */
  const [typedQuery, setTypedQuery] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useSlashShortcut(hasShortcut ? field : NO_FIELD);

  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    // Our own update coming back must not undo what was typed since.
    if (urlQuery !== sentQuery) setText(urlQuery);
  }

  /**
   * Typing adds one history entry and then keeps replacing it (no entry per keystroke); Enter adds
   * one. A search reached otherwise (Enter, a link, back) keeps its entry: a pause in typing after
   * it must not make Back skip it.
   */
  const show = (q: string, isSubmitted: boolean) => {
    const replacesTyping = isOnSearchPage && !isSubmitted && urlQuery === typedQuery;
    setSentQuery(q);
    setTypedQuery(isSubmitted ? null : q);
    void navigate(searchPathFor(q), { replace: replacesTyping });
  };

  // Only typing starts a search (after a pause); navigating alone never does.
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(pending.current);
    if (!canSearch(value) && !(isOnSearchPage && value === '')) return;
    pending.current = setTimeout(() => show(value, false), SEARCH_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(pending.current);
    if (canSearch(text) && text !== urlQuery) show(text, true);
  };

  return (
    <form
      role="search"
      aria-label={formLabel ?? t('searchFormLabel')}
      onSubmit={onSubmit}
      className={className}
    >
      <label htmlFor={inputId} className="sr-only">
        {label ?? t('searchLabel')}
      </label>
      <input
        ref={field}
        id={inputId}
        type="search"
        value={text}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts="/"
        placeholder={hasShortcut ? t('placeholderWithShortcut') : t('placeholder')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={focusFirstResult}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:min-h-0 sm:text-sm text-slate-900 placeholder:text-slate-600 focus:border-primary-500 focus:outline-2 focus:outline-primary-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
    </form>
  );
}
