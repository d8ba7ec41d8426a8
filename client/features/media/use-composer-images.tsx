import { type ClipboardEvent, type DragEvent, type ReactNode, useState } from 'react';
import { MAX_IMAGES_PER_POST } from '../../../common/contracts/limits';
import { useT } from '../../i18n';
import { triageFiles } from './attachments';
import { CropDialog, preloadCropEditor } from './crop-dialog';
import { ImageAttachments } from './image-attachments';
import { mediaMessages } from './media.messages';
import { type AttachmentsController, useAttachments } from './use-attachments';

let nextCropKey = 0;

/** A file waiting for the crop dialog, with an object URL made for it (revoked when it leaves). */
interface QueuedFile {
  key: string;
  file: File;
  url: string;
}

export interface ComposerImages {
  controller: AttachmentsController;
  /** Spread on the composer's outer element: dropping and pasting images there attaches them. */
  intake: {
    onDragOver: (event: DragEvent) => void;
    onDropCapture: (event: DragEvent) => void;
    onPasteCapture: (event: ClipboardEvent) => void;
  };
  /** The attachments list and the "Add images" button, shown below the editor. */
  panel: ReactNode;
  /** The crop dialog while files wait for it; render it anywhere. */
  dialog: ReactNode;
}

function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && transfer.types.includes('Files');
}

/**
 * Images for one composer: picked, dropped or pasted files queue for the crop dialog one at a
 * time; each applied crop starts its upload at once.
 */
export function useComposerImages(idPrefix: string): ComposerImages {
  const t = useT(mediaMessages);
  const controller = useAttachments();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const room = MAX_IMAGES_PER_POST - controller.items.length - queue.length;

  const take = (files: File[]) => {
    const { accepted, problems } = triageFiles(files, room);
    setNotices(problems);
    if (accepted.length === 0) return;
    void preloadCropEditor().catch(() => undefined);
    setQueue((current) => [
      ...current,
      ...accepted.map((file) => {
        nextCropKey += 1;
        return { key: `crop-${nextCropKey}`, file, url: URL.createObjectURL(file) };
      }),
    ]);
  };
  // Capture phase: the files are ours before the editor sees the event and inserts anything.
  const takeFrom = (event: DragEvent | ClipboardEvent, transfer: DataTransfer | null) => {
    if (!transfer || transfer.files.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    take([...transfer.files]);
  };
  const intake = {
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault(); // allows the drop
      void preloadCropEditor().catch(() => undefined);
    },
    onDropCapture: (event: DragEvent) => takeFrom(event, event.dataTransfer),
    onPasteCapture: (event: ClipboardEvent) => {
      // Spreadsheets and word processors put a picture of the copied text beside the text
      // itself: that paste is text. A copied image comes without a plain-text version.
      if (event.clipboardData?.types.includes('text/plain')) return;
      takeFrom(event, event.clipboardData);
    },
  };

  const current = queue[0];
  const next = () => {
    if (current) URL.revokeObjectURL(current.url);
    setQueue((items) => items.slice(1));
  };
  const waiting = queue.length - 1;
  const dialog = current ? (
    <CropDialog
      title={t('cropDialogTitle', { waiting })}
      fileKey={current.key}
      file={current.file}
      imageUrl={current.url}
      shape="rect"
      onApply={(edit, previewUrl) => {
        controller.attach(current.file, edit, previewUrl);
        next();
      }}
      onCancel={next}
    />
  ) : null;
  const panel = (
    <ImageAttachments
      controller={controller}
      idPrefix={idPrefix}
      room={room}
      notices={notices}
      announcement={announcement}
      onAnnounce={setAnnouncement}
      onFiles={take}
    />
  );
  return { controller, intake, panel, dialog };
}
