import type { Editor } from '@tiptap/core';
import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { composerMessages } from './composer.messages';
import { normalizeLinkInput } from './link-rules';

export interface LinkPopoverProps {
  editor: Editor;
  onClose: () => void;
}

/**
 * Adds, changes or removes the link under the selection. A small non-modal dialog: focus moves
 * to the address field, Enter applies, Escape or Cancel returns to the text unchanged.
 */
export function LinkPopover({ editor, onClose }: LinkPopoverProps) {
  const id = useId();
  const t = useT(composerMessages);
  const current = editor.getAttributes('link') as { href?: string };
  const isEditing = editor.isActive('link');
  const [value, setValue] = useState(current.href ?? '');
  const [isInvalid, setIsInvalid] = useState(false);

  // Focus goes back synchronously, before the dialog unmounts: TipTap's focus() waits a frame,
  // and keys pressed in that frame would otherwise land on <body>.
  const backToText = () => {
    editor.view.focus();
    onClose();
  };
  const apply = () => {
    const href = normalizeLinkInput(value);
    if (href === null) {
      setIsInvalid(true);
      return;
    }
    const chain = editor.chain();
    if (isEditing) chain.extendMarkRange('link').setLink({ href }).run();
    else if (editor.state.selection.empty) {
      chain
        .insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else chain.setLink({ href }).run();
    backToText();
  };
  const remove = () => {
    editor.chain().extendMarkRange('link').unsetLink().run();
    backToText();
  };

  return (
    <div
      role="dialog"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        backToText();
      }}
      className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950"
    >
      <h3 id={`${id}-title`} className="sr-only">
        {isEditing ? t('linkDialogEditTitle') : t('linkDialogAddTitle')}
      </h3>
      {/* No <form>: the dialog sits inside the composer, and Enter here must apply, not post. */}
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('linkAddressLabel')}
          </label>
          <input
            id={`${id}-url`}
            type="text"
            inputMode="url"
            autoComplete="url"
            // Opening the dialog is a request to type the address.
            autoFocus
            value={value}
            placeholder="https://example.com"
            aria-invalid={isInvalid ? true : undefined}
            aria-describedby={isInvalid ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setIsInvalid(false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              apply();
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          {isInvalid && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
              {t('linkInvalid')}
            </p>
          )}
        </div>
        <div className="flex gap-2 self-end">
          <Button onClick={apply}>{t('apply')}</Button>
          {isEditing && (
            <Button variant="secondary" onClick={remove}>
              {t('removeLink')}
            </Button>
          )}
          <Button variant="ghost" onClick={backToText}>
            {t('cancel')}
          </Button>
        </div>
      </div>
    </div>
  );
}
