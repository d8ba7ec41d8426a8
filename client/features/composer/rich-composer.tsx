import { useQueryClient } from '@tanstack/react-query';
import type { Content, Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { useIsOffline } from '../../lib/connectivity';
import { Button } from '../../ui/button';
import { userSearchQuery } from '../users';
import { CharacterCounter, remainingCharacters } from './character-counter';
import { composerMessages } from './composer.messages';
import { drafts } from './drafts';
import { ComposerShortcuts, composerExtensions } from './editor-extensions';
import { FormattingToolbar } from './formatting-toolbar';
import { LinkPopover } from './link-popover';
import { MentionPopup } from './mention-popup';
import { MentionPopupStore } from './mention-popup-store';
import { syncSelectionFromDom } from './sync-selection';
import { focusAtEndUnlessMovedOn } from './take-focus';
import { useEditorValue } from './use-editor-value';

export interface RichComposerProps {
  /** The editable element's id (other code focuses it, e.g. the new-posts pill). */
  id: string;
  /** The editable area's accessible name. */
  label: string;
  placeholder: string;
  draftKey: string;
  /** Editing: the post's current (sanitised) HTML. */
  initialHtml?: string | undefined;
  /** Text typed into the stand-in before this chunk arrived. */
  initialText?: string | undefined;
  autoFocus: boolean;
  /**
   * With autoFocus: the focus is taken over from the stand-in field the editor replaces, so only
   * if the reader has not moved it on meanwhile (take-focus.ts). Without: taken as asked (a
   * dialog, an edit), wherever it is.
   */
  isFocusHandedOver?: boolean | undefined;
  submitLabel: string;
  isBusy: boolean;
  /** Resolves once the server has the post; the composer then empties itself and its draft. */
  onSubmit: (html: string) => Promise<unknown>;
  /** Editing only: Cancel button and Escape. */
  onCancel?: (() => void) | undefined;
  /** The plain text after every change (e.g. to find a link to preview). */
  onTextChange?: ((text: string) => void) | undefined;
  /**
   * What the post carries besides its text (link card, images): after the text and its
   * formatting toolbar, before the row with the send button, which comes last.
   */
  attachments?: ReactNode;
}

/** Plain text typed before the editor loaded, one paragraph per line, as editor JSON (never HTML). */
function textToDoc(text: string): Content {
  return {
    type: 'doc',
    content: text.split('\n').map((line) => ({
      type: 'paragraph',
      ...(line ? { content: [{ type: 'text', text: line }] } : {}),
    })),
  };
}

function startingContent(props: RichComposerProps): Content {
  const draft = drafts.read(props.draftKey);
  if (draft !== null) return draft;
  if (props.initialHtml !== undefined) return props.initialHtml;
  return props.initialText ? textToDoc(props.initialText) : '';
}

function hasText(editor: Editor): boolean {
  return editor.getText().trim().length > 0;
}

const ROW =
  'mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 dark:border-slate-800';

/** The rich-text composer: TipTap editor, formatting toolbar, link dialog, @mentions, counter. */
export function RichComposer(props: RichComposerProps) {
  const { id, label, placeholder, draftKey, autoFocus, submitLabel, isBusy, onSubmit, onCancel } = props;
  const t = useT(composerMessages);
  const queryClient = useQueryClient();
  const [popup] = useState(() => new MentionPopupStore());
  const [isLinkOpen, setIsLinkOpen] = useState(false);
  const [shortcuts] = useState(() => new ComposerShortcuts());
  const [extensions] = useState(() =>
    composerExtensions({
      placeholder,
      popup,
      findPeople: (prefix) => queryClient.fetchQuery(userSearchQuery(prefix)),
      shortcuts,
    }),
  );
  // Read once: the draft in storage changes with every keystroke from here on.
  const [content] = useState(() => startingContent(props));
  // Null for a moment when useEditor replaces an editor it built too early (use-editor-value.ts).
  const editor: Editor | null = useEditor({
    extensions,
    content,
    // Focus lands where the stand-in (or the Edit button) just was: no need to scroll, and
    // scrolling would fight the new-posts pill's own scroll to the top.
    onCreate: ({ editor: created }) => {
      props.onTextChange?.(created.getText());
      if (autoFocus && !props.isFocusHandedOver) created.commands.focus('end', { scrollIntoView: false });
    },
    // Its CSS is in styles.css: an injected <style> element would need 'unsafe-inline' in the CSP.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-placeholder': placeholder,
        'aria-autocomplete': 'list',
        'aria-describedby': `${id}-count`,
      },
    },
    onUpdate: ({ editor: current }) => {
      props.onTextChange?.(current.getText());
      if (hasText(current)) drafts.write(draftKey, current.getHTML());
      else drafts.clear(draftKey);
    },
  });
  // Handed over from the stand-in: the focus moves in the same commit that took the stand-in
  // away, before the browser handles another key (a frame later, keys typed meanwhile would have
  // gone to the page, where "/" opens the search). Once per handover, and again only for an
  // editor useEditor built to replace the one that took it (use-editor-value.ts).
  const focusHolder = useRef<Editor | 'declined' | null>(null);
  useLayoutEffect(() => {
    if (!editor || !autoFocus || !props.isFocusHandedOver) return;
    const holder = focusHolder.current;
    if (holder === 'declined' || (holder !== null && !holder.isDestroyed)) return;
    focusHolder.current = focusAtEndUnlessMovedOn(editor) ? editor : 'declined';
  }, [editor, autoFocus, props.isFocusHandedOver]);
  const isOffline = useIsOffline();
  const canSubmit = useEditorValue(editor, (e) => hasText(e) && remainingCharacters(e) >= 0, false);

  const submit = () => {
    if (!editor || !canSubmit || isBusy) return;
    onSubmit(editor.getHTML()).then(
      () => {
        drafts.clear(draftKey);
        if (!editor.isDestroyed) editor.commands.clearContent(true);
      },
      // The caller shows the error; the text stays for another try.
      () => undefined,
    );
  };
  const openLinkDialog = () => {
    if (!editor) return;
    syncSelectionFromDom(editor);
    setIsLinkOpen(true);
  };
  useEffect(() => {
    shortcuts.bind({ submit, editLink: openLinkDialog });
  });

  // ProseMirror marks every Escape as handled (preventDefault), whether the mention list took it
  // or not; so whether the list was open is read on the way down, before the editor sees the key.
  // The link dialog stops its own Escape.
  const isMentionListOpenAtKey = useRef(false);
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') isMentionListOpenAtKey.current = popup.getSnapshot() !== null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !isMentionListOpenAtKey.current && onCancel) onCancel();
  };
  if (!editor) {
    return (
      <p role="status" className="py-4 text-sm text-slate-600 dark:text-slate-400">
        {t('editorOpening')}
      </p>
    );
  }
  const toolbar = (
    <FormattingToolbar editor={editor} editorId={id} isLinkOpen={isLinkOpen} onEditLink={openLinkDialog} />
  );
  const actions = (
    <div className="ml-auto flex items-center gap-3">
      <CharacterCounter editor={editor} id={`${id}-count`} />
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      )}
      <Button onClick={submit} disabled={!canSubmit} isBusy={isBusy}>
        {submitLabel}
      </Button>
    </div>
  );
  return (
    <div onKeyDownCapture={onKeyDownCapture} onKeyDown={onKeyDown} className="composer-editor">
      <EditorContent editor={editor} className="rich-text" />
      <MentionPopup store={popup} editor={editor} listboxId={`${id}-mentions`} />
      {isLinkOpen && <LinkPopover editor={editor} onClose={() => setIsLinkOpen(false)} />}
      {props.attachments === undefined ? (
        <div className={ROW}>
          {toolbar}
          {actions}
        </div>
      ) : (
        // Text, its formatting, what it carries, then the button that sends it all.
        <>
          <div className={ROW}>{toolbar}</div>
          {props.attachments}
          <div className={ROW}>{actions}</div>
        </>
      )}
      {/* Sending is not queued: a post sent later, when the reader has moved on, could surprise
          them. The draft is kept on the device (drafts.ts) until they send it themselves. */}
      <p role="status" className="mt-2 text-sm text-slate-600 empty:hidden dark:text-slate-400">
        {isOffline && t('offlineNotice')}
      </p>
    </div>
  );
}
