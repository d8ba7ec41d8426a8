import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { Button } from './button';
import { DialogActions, ModalDialog } from './modal-dialog';
import { uiMessages } from './ui.messages';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isBusy?: boolean;
  /** `danger` (the default) for what cannot be taken back; `neutral` for an ordinary go-ahead. */
  tone?: 'danger' | 'neutral';
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question with Cancel and a confirming button, in the app's modal dialog. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  isBusy,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT(uiMessages);
  if (!isOpen) return null;
  return (
    <ModalDialog title={title} onCancel={onCancel} widthClassName="w-[min(28rem,calc(100%-2rem))]">
      <div className="mt-2 text-slate-700 dark:text-slate-300">{children}</div>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          isBusy={isBusy ?? false}
          className={tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : ''}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
