/**
 * Unsent composer contents, kept in localStorage so a reload or a crash loses nothing. One entry
 * per composer (the new post, each reply box, each edit, each quote) and per account, so two
 * people sharing a browser never see each other's drafts; logging out removes them all.
 */
const PREFIX = 'tidings:draft:';

export type ComposerSlot =
  | { kind: 'post' }
  | { kind: 'reply'; parentId: string }
  | { kind: 'edit'; postId: string }
  | { kind: 'quote'; quoteOfId: string };

function slotName(slot: ComposerSlot): string {
  switch (slot.kind) {
    case 'post':
      return 'post';
    case 'reply':
      return `reply:${slot.parentId}`;
    case 'edit':
      return `edit:${slot.postId}`;
    case 'quote':
      return `quote:${slot.quoteOfId}`;
  }
}

export function draftKey(userId: string, slot: ComposerSlot): string {
  return `${PREFIX}${userId}:${slotName(slot)}`;
}

/** Storage can be full, disabled or blocked (private mode): a draft is a convenience, never an error. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const drafts = {
  read(key: string): string | null {
    return attempt(() => window.localStorage.getItem(key), null);
  },
  has(key: string): boolean {
    return drafts.read(key) !== null;
  },
  write(key: string, html: string): void {
    attempt(() => window.localStorage.setItem(key, html), undefined);
  },
  clear(key: string): void {
    attempt(() => window.localStorage.removeItem(key), undefined);
  },
  clearAll(): void {
    attempt(() => {
      const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
      for (const key of keys) if (key?.startsWith(PREFIX)) window.localStorage.removeItem(key);
    }, undefined);
  },
};
