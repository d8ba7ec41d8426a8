import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';

/**
 * A value read from the editor, read again after each of its transactions: TipTap's
 * `useEditorState`, with the selector reading the editor the component holds now. TipTap's own
 * snapshot keeps the editor it was first given until that editor's next transaction; when
 * `useEditor` replaces its first editor (whose view was not mounted in time: a quote's composer
 * opening while the page's composer is open), the selector would run on the destroyed one, which
 * throws and took the whole page down.
 */
export function useEditorValue<T>(editor: Editor, read: (editor: Editor) => T): T {
  return useEditorState({ editor, selector: () => read(editor) });
}
