import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalDialogProps {
  title: ReactNode;
  /** Escape and the dialog's own Cancel. */
  onCancel: () => void;
  children: ReactNode;
  /** Tailwind width classes from 640 px up (phones always get the full width); the default suits a form. */
  widthClassName?: string;
}

/**
 * A native modal <dialog>, open while mounted: the page behind is inert (focus stays inside),
 * Escape cancels, and focus goes back to where it was when the dialog closes.
 *
 * Below 640 px it is a full-screen sheet (no margin, the dynamic viewport's height) whose
 * DialogActions row stays at the bottom of the screen while the rest scrolls.
 */
export function ModalDialog({
  title,
  onCancel,
  children,
  widthClassName = 'w-[min(40rem,calc(100%-2rem))]',
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Unmounting an open dialog skips the browser's own focus restore.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 max-sm:m-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-full max-sm:flex-col max-sm:rounded-none max-sm:border-0 max-sm:pt-[max(1.25rem,env(safe-area-inset-top))] max-sm:pb-0 max-sm:open:flex dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${widthClassName}`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/**
 * A dialog's Cancel/confirm row. On a phone sheet it sits at the bottom of the screen and stays
 * there (sticky) above the home indicator while the content above it scrolls.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3 max-sm:sticky max-sm:bottom-0 max-sm:-mx-5 max-sm:mt-auto max-sm:border-t max-sm:border-slate-200 max-sm:bg-white max-sm:px-5 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:*:min-h-11 max-sm:*:flex-1 dark:max-sm:border-slate-700 dark:max-sm:bg-slate-900">
      {children}
    </div>
  );
}
