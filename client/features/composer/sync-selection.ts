import type { Editor } from '@tiptap/core';

/**
 * ProseMirror learns about selections made with the keyboard (Shift+Home) from the DOM's
 * `selectionchange` event, which the browser queues: a shortcut typed right after can reach the
 * editor first and act on the old selection. Reading the DOM selection directly closes that gap.
 */
export function syncSelectionFromDom(editor: Editor): void {
  const { view } = editor;
  const selection = view.dom.ownerDocument.getSelection();
  if (!view.hasFocus() || !selection?.anchorNode || !selection.focusNode) return;
  try {
    const anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset);
    const head = view.posAtDOM(selection.focusNode, selection.focusOffset);
    const current = editor.state.selection;
    if (anchor !== current.anchor || head !== current.head) {
      editor.commands.setTextSelection({ from: Math.min(anchor, head), to: Math.max(anchor, head) });
    }
  } catch {
    // A DOM position ProseMirror cannot map (outside its content): keep its own selection.
  }
}
