import type { Editor } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';

/**
 * Puts the caret at the end of a new editor that takes over from the stand-in field it replaces,
 * unless the reader has moved the focus on meanwhile, and answers whether it did. The stand-in is
 * gone by then, so the focus is on the page itself (or on a box around the editor). Found
 * anywhere else, the reader pressed something while the editor was arriving (a busy phone takes
 * a moment), and taking the focus from there would send their next key into the composer.
 */
export function focusAtEndUnlessMovedOn(editor: Editor): boolean {
  if (editor.isDestroyed || !editor.view.dom.isConnected) return false;
  const focused = document.activeElement;
  if (focused !== null && !focused.contains(editor.view.dom)) return false;
  editor.view.dispatch(editor.state.tr.setSelection(Selection.atEnd(editor.state.doc)));
  editor.view.focus();
  return true;
}
