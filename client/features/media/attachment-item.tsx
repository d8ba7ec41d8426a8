import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { MEDIA_ALT_MAX_LENGTH } from '../../../common/contracts/limits';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import type { Attachment } from './attachments';
import { mediaMessages } from './media.messages';

export interface AttachmentItemProps {
  attachment: Attachment;
  /** 1-based position, as people count. */
  position: number;
  count: number;
  /** Prefix for element ids, unique per composer. */
  idPrefix: string;
  onDescribe: (alt: string) => void;
  onMove: (offset: -1 | 1) => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}

/** A touch target on phones (44 px each way), compact from the `sm` width up. */
const SMALL_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-40 sm:min-h-0 sm:min-w-0 dark:text-slate-200 dark:hover:bg-slate-800';

export function altFieldId(idPrefix: string, key: string): string {
  return `${idPrefix}-${key}-alt`;
}

export function moveButtonId(idPrefix: string, key: string, offset: -1 | 1): string {
  return `${idPrefix}-${key}-${offset < 0 ? 'earlier' : 'later'}`;
}

/** One attached image: its cropped preview, upload state, alt text and order controls. */
export function AttachmentItem(props: AttachmentItemProps) {
  const { attachment, position, count, idPrefix } = props;
  const { key, status } = attachment;
  const t = useT(mediaMessages);
  const hidden = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;
  return (
    <li className="grid content-start gap-2 rounded-xl border border-slate-200 p-2 dark:border-slate-700">
      <div className="grid aspect-square place-items-center overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
        {attachment.previewUrl ? (
          <img src={attachment.previewUrl} alt="" className="size-full object-contain" />
        ) : (
          <span className="p-2 text-center text-xs break-all text-slate-600 dark:text-slate-400">
            {attachment.file.name}
          </span>
        )}
      </div>
      {status === 'uploading' && (
        <div className="flex items-center gap-2">
          <progress
            value={attachment.progress}
            max={1}
            aria-label={t('uploadProgressLabel', { position })}
            className="h-2 min-w-0 flex-1 accent-primary-600"
          />
          <button type="button" className={SMALL_BUTTON} onClick={props.onCancel}>
            {t.rich('cancelUpload', { position, hidden })}
          </button>
        </div>
      )}
      {status === 'failed' && (
        <div className="grid gap-1">
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {attachment.error}
          </p>
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={props.onRetry}>
            {t.rich('retryUpload', { position, hidden })}
          </Button>
        </div>
      )}
      <label htmlFor={altFieldId(idPrefix, key)} className="text-xs font-medium">
        {t('altTextLabel', { position })}
      </label>
      <textarea
        id={altFieldId(idPrefix, key)}
        value={attachment.alt}
        maxLength={MEDIA_ALT_MAX_LENGTH}
        rows={2}
        placeholder={t('altTextPlaceholder')}
        onChange={(event) => props.onDescribe(event.target.value)}
        className="w-full resize-y rounded-lg border border-slate-300 bg-white px-2 py-1 text-base sm:text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400"
      />
      {/* Remove goes under the arrows where the column is too narrow for the three side by side. */}
      <div className="flex flex-wrap items-center justify-between gap-1">
        <div className="flex gap-1">
          <button
            type="button"
            id={moveButtonId(idPrefix, key, -1)}
            aria-label={t('moveEarlierLabel', { position })}
            disabled={position === 1}
            onClick={() => props.onMove(-1)}
            className={SMALL_BUTTON}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            id={moveButtonId(idPrefix, key, 1)}
            aria-label={t('moveLaterLabel', { position })}
            disabled={position === count}
            onClick={() => props.onMove(1)}
            className={SMALL_BUTTON}
          >
            <ArrowRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        <button type="button" className={SMALL_BUTTON} onClick={props.onRemove}>
          {t.rich('removeImage', { position, hidden })}
        </button>
      </div>
    </li>
  );
}
