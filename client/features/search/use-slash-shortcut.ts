import { type RefObject, useEffect } from 'react';
import { isTypingTarget } from '../../lib/keyboard-shortcuts';

/** `/` anywhere on the page focuses the field, unless the reader is typing somewhere already. */
export function useSlashShortcut(field: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [field]);
}
