import type { Editor } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';

/**
 * Puts the caret at the end of a new editor that takes over from the stand-in field it replaces,
 * in the next frame (once the editor is on the page, as TipTap's own focus command waits for),
 * unless the reader has moved the focus on meanwhile. The stand-in is gone by then, so the focus
 * is on the page itself (or on a box around the editor). Found anywhere else, the reader pressed
 * something while the editor was arriving (a busy phone takes a moment), and taking the focus
 * from there would send their next key into the composer.
 */
export function focusAtEndUnlessMovedOn(editor: Editor): void {
  requestAnimationFrame(() => {
    if (editor.isDestroyed) return;
    const focused = document.activeElement;
    if (focused !== null && !focused.contains(editor.view.dom)) return;
    editor.view.dispatch(editor.state.tr.setSelection(Selection.atEnd(editor.state.doc)));
    editor.view.focus();
  });
}
