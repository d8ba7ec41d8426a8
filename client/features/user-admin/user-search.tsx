import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
// Types only: the contract's runtime values would bring zod into this page's chunk.
import type { AdminUserFilter } from '../../../common/contracts/staff';
import { useT } from '../../i18n';
import { SELECT_CLASS } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { userAdminMessages } from './user-admin.messages';

/** Pause in typing after which the list follows what was typed. */
const SEARCH_DEBOUNCE_MS = 300;

/** Every filter the server knows, in the order offered; the Record makes a new one a type error here. */
const FILTER_LABELS = {
  all: 'filterAll',
  staff: 'filterStaff',
  suspended: 'filterSuspended',
  pending: 'filterPending',
  unconfirmed: 'filterUnconfirmed',
} as const satisfies Record<AdminUserFilter, keyof typeof userAdminMessages.source>;

/** A filter from the address bar; anything else shows every account. */
export function adminUserFilterOf(value: string | null): AdminUserFilter {
  return value !== null && isFilter(value) ? value : 'all';
}

function isFilter(value: string): value is AdminUserFilter {
  return Object.hasOwn(FILTER_LABELS, value);
}

export interface AccountSearch {
  q: string;
  filter: AdminUserFilter;
}

/**
 * The search over accounts and the filter beside it. Typing searches after a short pause, Enter
 * at once; the filter applies as soon as it changes. The field follows `q` when it changes
 * otherwise (back and forward).
 */
export function UserSearch({
  q,
  filter,
  onChange,
}: AccountSearch & { onChange: (search: AccountSearch) => void }) {
  const t = useT(userAdminMessages);
  const selectId = useId();
  const [text, setText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  /** The search this field last sent: its own update coming back must not undo typing since. */
  const [sentQ, setSentQ] = useState(q);
  const timer = useRef<number | undefined>(undefined);

  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== sentQ) {
      setText(q);
      setSentQ(q);
    }
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (search: AccountSearch) => {
    window.clearTimeout(timer.current);
    setSentQ(search.q);
    onChange(search);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ q: text.trim(), filter });
  };

  return (
    <form
      role="search"
      aria-label={t('searchFormLabel')}
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-3"
    >
      <TextField
        label={t('searchFieldLabel')}
        type="search"
        value={text}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        className="min-w-0 flex-1 basis-56"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => send({ q: next.trim(), filter }), SEARCH_DEBOUNCE_MS);
        }}
      />
      <div className="flex min-w-0 flex-col gap-1.5 max-[22rem]:w-full">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('filterLabel')}
        </label>
        <select
          id={selectId}
          value={filter}
          onChange={(event) => send({ q: text.trim(), filter: adminUserFilterOf(event.target.value) })}
          className={SELECT_CLASS}
        >
          {Object.entries(FILTER_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
