import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalDialogProps {
  title: ReactNode;
  /** Escape and the dialog's own Cancel. */
  onCancel: () => void;
  children: ReactNode;
  /** Tailwind width classes; the default suits a form. */
  widthClassName?: string;
}

/**
 * A native modal <dialog>, open while mounted: the page behind is inert (focus stays inside),
 * Escape cancels, and focus goes back to where it was when the dialog closes.
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
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${widthClassName}`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
