import { useSyncExternalStore } from 'react';

/** The last block or mute, offered for undoing until the next one or until dismissed. */
export interface UndoNotice {
  message: string;
  undoLabel: string;
  /** Worded by whoever shows the notice, so the page's own chunk carries none of the wording. */
  dismissLabel: string;
  undo: () => void;
}

let current: UndoNotice | null = null;
const listeners = new Set<() => void>();

export const undoNotice = {
  show(notice: UndoNotice | null): void {
    current = notice;
    for (const listener of listeners) listener();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUndoNotice(): UndoNotice | null {
  return useSyncExternalStore(subscribe, () => current);
}
