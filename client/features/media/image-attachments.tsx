import { ImagePlus } from 'lucide-react';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { MAX_IMAGES_PER_POST } from '../../../common/contracts/limits';
import { useT } from '../../i18n';
import { AttachmentItem, moveButtonId } from './attachment-item';
import { preloadCropEditor } from './crop-dialog';
import { mediaMessages } from './media.messages';
import type { AttachmentsController } from './use-attachments';

export interface ImageAttachmentsProps {
  controller: AttachmentsController;
  idPrefix: string;
  /** Images the post can still take, counting those waiting for the crop dialog. */
  room: number;
  notices: string[];
  announcement: string;
  onAnnounce: (message: string) => void;
  onFiles: (files: File[]) => void;
}

/** The "Add images" button (with its hidden file input) and the list of attached images. */
export function ImageAttachments(props: ImageAttachmentsProps) {
  const { controller, idPrefix, room } = props;
  const t = useT(mediaMessages);
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const count = controller.items.length;
  const preload = () => void preloadCropEditor().catch(() => undefined);

  const move = (key: string, position: number, offset: -1 | 1) => {
    // Commit the new order first, so focus can follow the image to its new place.
    flushSync(() => controller.move(key, offset));
    const same = document.getElementById(moveButtonId(idPrefix, key, offset));
    const other = document.getElementById(moveButtonId(idPrefix, key, offset < 0 ? 1 : -1));
    (same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus();
    props.onAnnounce(t('imageMovedAnnouncement', { position, newPosition: position + offset, count }));
  };
  const remove = (key: string, position: number) => {
    controller.remove(key);
    addButton.current?.focus();
    props.onAnnounce(t('imageRemovedAnnouncement', { position }));
  };

  return (
    <div className="mt-3 grid gap-3">
      {count > 0 && (
        <ol aria-label={t('attachedImagesLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {controller.items.map((attachment, index) => (
            <AttachmentItem
              key={attachment.key}
              attachment={attachment}
              position={index + 1}
              count={count}
              idPrefix={idPrefix}
              onDescribe={(alt) => controller.describe(attachment.key, alt)}
              onMove={(offset) => move(attachment.key, index + 1, offset)}
              onCancel={() => controller.cancel(attachment.key)}
              onRetry={() => controller.retry(attachment.key)}
              onRemove={() => remove(attachment.key, index + 1)}
            />
          ))}
        </ol>
      )}
      <div className="flex items-center gap-3">
        <button
          ref={addButton}
          type="button"
          disabled={room <= 0}
          onClick={() => input.current?.click()}
          onFocus={preload}
          onPointerEnter={preload}
          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-200/70 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <ImagePlus aria-hidden="true" className="size-4 shrink-0" />
          {t('addImages')}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            props.onFiles([...(event.target.files ?? [])]);
            event.target.value = ''; // picking the same file again must fire change again
          }}
        />
        {count > 0 && (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t('imageCount', { count, max: MAX_IMAGES_PER_POST })}
          </span>
        )}
      </div>
      {props.notices.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-red-700 dark:text-red-400">
          {props.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {props.announcement}
      </p>
    </div>
  );
}
