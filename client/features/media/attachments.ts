import { MAX_IMAGES_PER_POST, MEDIA_MAX_FILE_BYTES } from '../../../common/contracts/limits';
import type { PostImageRef, UploadedImage } from '../../../common/contracts/media';
import { translate } from '../../i18n';
import type { ImageEdit } from './crop-math';
import { fileTooLargeMessage } from './media-messages';
import { mediaMessages } from './media.messages';

export type AttachmentStatus = 'uploading' | 'ready' | 'failed';

/** One image in the composer, from the crop dialog to the post. */
export interface Attachment {
  /** Local key: the same file can be attached twice, and the server id comes only later. */
  key: string;
  file: File;
  edit: ImageEdit;
  /** The crop dialog's preview of the result, or null when the browser could not draw it. */
  previewUrl: string | null;
  alt: string;
  status: AttachmentStatus;
  /** Share of the file sent, 0 to 1. */
  progress: number;
  error: string | null;
  image: UploadedImage | null;
}

export type AttachmentAction =
  | { type: 'added'; attachment: Attachment }
  | { type: 'progressed'; key: string; progress: number }
  | { type: 'uploaded'; key: string; image: UploadedImage }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retried'; key: string }
  | { type: 'removed'; key: string }
  | { type: 'moved'; key: string; offset: -1 | 1 }
  | { type: 'described'; key: string; alt: string }
  | { type: 'cleared' };

export function attachmentsReducer(state: Attachment[], action: AttachmentAction): Attachment[] {
  const patch = (key: string, change: Partial<Attachment>) =>
    state.map((item) => (item.key === key ? { ...item, ...change } : item));
  switch (action.type) {
    case 'added':
      return state.length >= MAX_IMAGES_PER_POST ? state : [...state, action.attachment];
    case 'progressed':
      return patch(action.key, { progress: action.progress });
    case 'uploaded':
      return patch(action.key, { status: 'ready', progress: 1, image: action.image, error: null });
    case 'failed':
      return patch(action.key, { status: 'failed', error: action.error });
    case 'retried':
      return patch(action.key, { status: 'uploading', progress: 0, error: null });
    case 'removed':
      return state.filter((item) => item.key !== action.key);
    case 'moved':
      return moveItem(
        state,
        state.findIndex((item) => item.key === action.key),
        action.offset,
      );
    case 'described':
      return patch(action.key, { alt: action.alt });
    case 'cleared':
      return [];
  }
}

/** The list with the item at `index` swapped with its neighbour; unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  const item = list[index];
  const neighbour = list[target];
  if (index < 0 || item === undefined || neighbour === undefined) return [...list];
  const next = [...list];
  next[target] = item;
  next[index] = neighbour;
  return next;
}

/** What the post request carries, in display order; alt text trimmed. */
export function postImageRefs(attachments: readonly Attachment[]): PostImageRef[] {
  return attachments.flatMap((item) => (item.image ? [{ id: item.image.id, alt: item.alt.trim() }] : []));
}

/** Why the images cannot be posted as they are, or null when they can. */
export function blockingProblem(attachments: readonly Attachment[]): string | null {
  const t = translate(mediaMessages);
  if (attachments.some((item) => item.status === 'uploading')) return t('blockedWhileUploading');
  if (attachments.some((item) => item.status === 'failed')) return t('blockedByFailedUpload');
  return null;
}

export function hasMissingAlt(attachments: readonly Attachment[]): boolean {
  return attachments.some((item) => item.alt.trim() === '');
}

/**
 * Sorts picked, dropped or pasted files into those that go on to the crop dialog and the reasons
 * for the others. `room` is how many more images the post can take. Files are judged by size
 * and declared type only to save a pointless upload; the server decides by their content.
 */
export function triageFiles(files: readonly File[], room: number): { accepted: File[]; problems: string[] } {
  const t = translate(mediaMessages);
  const accepted: File[] = [];
  const problems: string[] = [];
  let isOverCount = false;
  for (const file of files) {
    if (file.type !== '' && !file.type.startsWith('image/'))
      problems.push(t('notAnImage', { name: file.name }));
    else if (file.size > MEDIA_MAX_FILE_BYTES) problems.push(fileTooLargeMessage(file.name));
    else if (accepted.length < room) accepted.push(file);
    else isOverCount = true;
  }
  if (isOverCount) problems.push(t('tooManyImages', { max: MAX_IMAGES_PER_POST }));
  return { accepted, problems };
}
