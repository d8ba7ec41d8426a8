import type { Editor } from '@tiptap/core';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import { composerMessages } from './composer.messages';
import type { MentionPopupStore } from './mention-popup-store';

export interface MentionPopupProps {
  store: MentionPopupStore;
  editor: Editor;
  listboxId: string;
}

/**
 * The @mention suggestions as a listbox. Focus never leaves the text: the editor points at the
 * highlighted option with aria-activedescendant and owns the keys (see MentionPopupStore).
 */
export function MentionPopup({ store, editor, listboxId }: MentionPopupProps) {
  const t = useT(composerMessages);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const hasOptions = (state?.people.length ?? 0) > 0;
  const activeId = state && hasOptions ? `${listboxId}-${state.activeIndex}` : null;
  useEffect(() => {
    // Only with a list to point at: the editor's view is not there yet while it mounts (a second
    // composer opening, as a quote's, while another holds text), and TipTap throws on reading it.
    if (activeId === null) return;
    const dom = editor.view.dom;
    dom.setAttribute('aria-controls', listboxId);
    dom.setAttribute('aria-activedescendant', activeId);
    return () => {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    };
  }, [editor, listboxId, activeId]);
  if (!state) return null;
  let status: string | null = null;
  if (state.isLoading) status = t('mentionSearching');
  else if (!hasOptions) status = t('mentionNoneFound', { query: state.query });
  return createPortal(
    // Never wider than the screen less its margins (mention-suggestion.ts): a long name wraps.
    <div className="min-w-56 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
      {hasOptions && (
        <ul id={listboxId} role="listbox" aria-label={t('mentionListLabel')} className="py-1">
          {state.people.map((person, index) => (
            <li
              key={person.id}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === state.activeIndex}
              // A press must not move focus (and the selection) out of the editor.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => store.select(index)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${index === state.activeIndex ? 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-50' : 'text-slate-800 dark:text-slate-100'}`}
            >
              <Avatar name={person.displayName} handle={person.handle} avatar={person.avatar} size="sm" />
              <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{person.displayName}</span>
              <span
                className={`min-w-0 [overflow-wrap:anywhere] ${index === state.activeIndex ? '' : 'text-slate-600 dark:text-slate-400'}`}
              >
                @{person.handle}
              </span>
            </li>
          ))}
        </ul>
      )}
      {status && <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{status}</p>}
      <p role="status" className="sr-only">
        {hasOptions ? t('mentionsFound', { count: state.people.length }) : ''}
      </p>
    </div>,
    state.element,
  );
}
