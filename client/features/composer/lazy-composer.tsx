import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { composerMessages } from './composer.messages';
import { drafts } from './drafts';
// Type-only: a value import here would pull the editor into the first page's bundle.
import type * as RichComposerExports from './rich-composer';
import type { RichComposerProps } from './rich-composer';

type RichComposerModule = typeof RichComposerExports;

let loading: Promise<RichComposerModule> | null = null;
let loaded: RichComposerModule | null = null;

/**
 * The editor (TipTap, ProseMirror, the toolbar) is its own chunk, fetched on the first sign that
 * someone wants to write: focusing a composer, opening an edit, or a saved draft to restore.
 * A reader who only reads never downloads it.
 */
function loadRichComposer(): Promise<RichComposerModule> {
  loading ??= import('./rich-composer').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null; // a later attempt may succeed (e.g. after a flaky network)
      throw error;
    },
  );
  return loading;
}

function useRichComposerModule(isWanted: boolean): { module: RichComposerModule | null; hasFailed: boolean } {
  const [module, setModule] = useState(loaded);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    if (!isWanted || module) return;
    let isActive = true;
    loadRichComposer().then(
      (next) => isActive && setModule(next),
      () => isActive && setHasFailed(true),
    );
    return () => {
      isActive = false;
    };
  }, [isWanted, module]);
  return { module, hasFailed };
}

/**
 * A composer that costs nothing until used: a plain textarea with the same name stands in and
 * keeps whatever is typed into it while the editor chunk arrives, then hands over text and focus.
 */
export function LazyComposer(props: Omit<RichComposerProps, 'initialText'>) {
  const t = useT(composerMessages);
  const [isWanted, setIsWanted] = useState(() => props.autoFocus || drafts.has(props.draftKey));
  const [text, setText] = useState('');
  const [hasFocus, setHasFocus] = useState(false);
  const { module, hasFailed } = useRichComposerModule(isWanted);
  if (module) {
    return (
      <module.RichComposer
        {...props}
        initialText={text}
        autoFocus={props.autoFocus || hasFocus}
        isFocusHandedOver={!props.autoFocus}
      />
    );
  }
  if (hasFailed) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('editorLoadFailed')}
      </p>
    );
  }
  if (props.initialHtml !== undefined) {
    return (
      <p role="status" className="py-4 text-sm text-slate-600 dark:text-slate-400">
        {t('editorOpening')}
      </p>
    );
  }
  return (
    <div>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <textarea
        id={props.id}
        value={text}
        placeholder={props.placeholder}
        rows={3}
        onChange={(event) => {
          setText(event.target.value);
          props.onTextChange?.(event.target.value);
        }}
        onFocus={() => {
          setHasFocus(true);
          setIsWanted(true);
        }}
        onBlur={() => setHasFocus(false)}
        className="w-full resize-none rounded-lg bg-transparent px-1 py-1 text-base placeholder:text-slate-500 focus:outline-none dark:placeholder:text-slate-400"
      />
      {props.attachments}
      <div className="mt-3 flex justify-end border-t border-slate-100 pt-3 dark:border-slate-800">
        <Button disabled>{props.submitLabel}</Button>
      </div>
    </div>
  );
}
