import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { MAX_IMAGES_PER_POST } from '../../../common/contracts/limits';
import { translate } from '../../i18n';
import { isAbortError } from '../../lib/upload';
import { type Attachment, attachmentsReducer } from './attachments';
import type { ImageEdit } from './crop-math';
import { deleteUploadedImage, uploadImage } from './media.queries';
import { uploadErrorMessage } from './media-messages';
import { mediaMessages } from './media.messages';

let nextKey = 0;

export interface AttachmentsController {
  items: Attachment[];
  isUploading: boolean;
  attach: (file: File, edit: ImageEdit, previewUrl: string | null) => void;
  cancel: (key: string) => void;
  retry: (key: string) => void;
  remove: (key: string) => void;
  move: (key: string, offset: -1 | 1) => void;
  describe: (key: string, alt: string) => void;
  /** After posting: the images now belong to the post, so nothing is deleted. */
  clear: () => void;
}

/** The composer's images: uploads start as soon as a crop is applied, one request each. */
export function useAttachments(): AttachmentsController {
  const [items, dispatch] = useReducer(attachmentsReducer, []);
  const uploads = useRef(new Map<string, AbortController>());

  const start = useCallback((key: string, file: File, edit: ImageEdit) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    uploadImage(file, edit, {
      signal: controller.signal,
      onProgress: (progress) => dispatch({ type: 'progressed', key, progress }),
    }).then(
      (image) => {
        if (uploads.current.get(key) !== controller) {
          deleteUploadedImage(image.id); // removed while the answer was on its way
          return;
        }
        uploads.current.delete(key);
        dispatch({ type: 'uploaded', key, image });
      },
      (error: unknown) => {
        if (uploads.current.get(key) !== controller) return;
        uploads.current.delete(key);
        const message = isAbortError(error)
          ? translate(mediaMessages)('uploadCancelled')
          : uploadErrorMessage(error);
        dispatch({ type: 'failed', key, error: message });
      },
    );
  }, []);

  // Leaving the page stops uploads nobody will post; the server sweeps what already arrived.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  return useMemo<AttachmentsController>(() => {
    const find = (key: string) => items.find((item) => item.key === key);
    return {
      items,
      isUploading: items.some((item) => item.status === 'uploading'),
      attach: (file, edit, previewUrl) => {
        if (items.length >= MAX_IMAGES_PER_POST) return;
        nextKey += 1;
        const key = `image-${nextKey}`;
        dispatch({
          type: 'added',
          attachment: {
            key,
            file,
            edit,
            previewUrl,
            alt: '',
            status: 'uploading',
            progress: 0,
            error: null,
            image: null,
          },
        });
        start(key, file, edit);
      },
      cancel: (key) => uploads.current.get(key)?.abort(),
      retry: (key) => {
        const item = find(key);
        if (!item || item.status !== 'failed') return;
        dispatch({ type: 'retried', key });
        start(key, item.file, item.edit);
      },
      remove: (key) => {
        const item = find(key);
        const running = uploads.current.get(key);
        uploads.current.delete(key);
        running?.abort();
        if (item?.image) deleteUploadedImage(item.image.id);
        dispatch({ type: 'removed', key });
      },
      move: (key, offset) => dispatch({ type: 'moved', key, offset }),
      describe: (key, alt) => dispatch({ type: 'described', key, alt }),
      clear: () => dispatch({ type: 'cleared' }),
    };
  }, [items, start]);
}
