import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { undoNotice, useUndoNotice } from './undo-notice';

const UNDO =
  'rounded-lg bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-200 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-700';

/**
 * "You blocked @ana. Undo": shown after a block or mute. The post that had focus is gone from
 * the page, so focus moves to Undo; Escape or Dismiss closes it.
 */
export function UndoToast() {
  const notice = useUndoNotice();
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (notice) undoRef.current?.focus();
  }, [notice]);
  // On phones the bottom navigation bar (4 rem) takes the screen's foot: the toast stays above it.
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-20 flex sm:bottom-4 justify-center px-4"
    >
      {notice && (
        <div
          className="flex max-w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          onKeyDown={(event) => {
            if (event.key === 'Escape') undoNotice.show(null);
          }}
        >
          {/* A long handle breaks rather than widen the toast past a phone's screen. */}
          <span className="min-w-0 flex-1 basis-48 [overflow-wrap:anywhere]">{notice.message}</span>
          <div className="ms-auto flex shrink-0 items-center gap-2">
            <button
              ref={undoRef}
              type="button"
              className={UNDO}
              onClick={() => {
                notice.undo();
                undoNotice.show(null);
              }}
            >
              {notice.undoLabel}
            </button>
            <Button variant="secondary" onClick={() => undoNotice.show(null)}>
              {notice.dismissLabel}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
