import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';

/**
 * A value read from the editor, read again after each of its transactions: TipTap's
 * `useEditorState`, with the selector reading the editor the component holds now, and `whenGone`
 * while there is no live editor.
 *
 * `useEditor` builds its editor during render and destroys it if React has not run the
 * component's effects a millisecond later: on a busy phone that happens, and the editor is
 * replaced by a new one. Until React renders again with the new one, a render (one React may
 * have paused halfway and resumed after the destruction) can still hold the destroyed editor,
 * whose state and storage are gone: reading them threw and took the page down. TipTap's own
 * snapshot also keeps the first editor until that editor's next transaction, so the selector
 * ignores it and reads the editor passed in.
 */
export function useEditorValue<T>(editor: Editor | null, read: (editor: Editor) => T, whenGone: T): T {
  // TipTap types the result `T | null` for a possibly null editor (its server snapshot); in the
  // browser the selector always runs, and it answers `whenGone` itself.
  return useEditorState({
    editor,
    selector: () => (editor === null || editor.isDestroyed ? whenGone : read(editor)),
  }) as T;
}
