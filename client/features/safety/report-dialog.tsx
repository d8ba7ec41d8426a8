import { type FormEvent, useId, useState } from 'react';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
} from '../../../common/contracts/report-reasons';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog';
import { REPORT_REASON_KEYS, safetyMessages } from './safety.messages';
import { useMyReport, useReportPost } from './safety.queries';

export interface ReportDialogProps {
  postId: string;
  authorHandle: string;
  onClose: () => void;
}

const SMALL = 'w-[min(28rem,calc(100%-2rem))]';

/**
 * Why a post should be looked at: one reason from the list, and a few words if wanted. Asks
 * first whether the reader has reported it already: the server takes one open report per
 * reader and post, so the reasons are offered only when a report can still be sent.
 */
export function ReportDialog(props: ReportDialogProps) {
  const t = useT(safetyMessages);
  const mine = useMyReport(props.postId);
  // Decided on the first answer: the form's own success must not turn into "already reported".
  const [isFormChosen, setIsFormChosen] = useState(false);
  if (!isFormChosen && !mine.isPending && !mine.data) setIsFormChosen(true);
  // Not known (offline, say): the form is offered, and the server has the last word.
  if (isFormChosen) return <ReportForm {...props} />;
  if (mine.isPending) {
    return (
      <ModalDialog
        title={t('reportTitle', { handle: props.authorHandle })}
        onCancel={props.onClose}
        widthClassName={SMALL}
      >
        <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
          {t('loading')}
        </p>
      </ModalDialog>
    );
  }
  if (mine.data) {
    return (
      <ModalDialog
        title={t('reportTitle', { handle: props.authorHandle })}
        onCancel={props.onClose}
        widthClassName={SMALL}
      >
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t('alreadyReported', { reason: t(REPORT_REASON_KEYS[mine.data.reason]) })}
        </p>
        <DialogActions>
          <Button onClick={props.onClose}>{t('close')}</Button>
        </DialogActions>
      </ModalDialog>
    );
  }
  return <ReportForm {...props} />;
}

function ReportForm({ postId, authorHandle, onClose }: ReportDialogProps) {
  const t = useT(safetyMessages);
  const report = useReportPost(postId);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [isMissingReason, setIsMissingReason] = useState(false);
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) return setIsMissingReason(true);
    report.mutate({ reason, ...(note.trim() ? { note } : {}) });
  };

  if (report.isSuccess) {
    return (
      <ModalDialog title={t('reportSentTitle')} onCancel={onClose} widthClassName={SMALL}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('reportSentText')}</p>
        <DialogActions>
          <Button onClick={onClose}>{t('close')}</Button>
        </DialogActions>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title={t('reportTitle', { handle: authorHandle })} onCancel={onClose}>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4 max-sm:flex-1" noValidate>
        <fieldset>
          <legend className="text-sm font-semibold">{t('reasonLegend')}</legend>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm sm:min-h-0 sm:py-1.5"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setIsMissingReason(false);
                  }}
                />
                {t(REPORT_REASON_KEYS[value])}
              </label>
            ))}
          </div>
          {isMissingReason && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">{t('reasonMissing')}</p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-semibold">
            {t('noteLabel')}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </div>
        {report.error && <Alert>{userMessageOf(report.error)}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" isBusy={report.isPending}>
            {t('sendReport')}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
