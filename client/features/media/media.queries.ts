import type { UploadedImage } from '../../../common/contracts/media';
import { api } from '../../lib/api-client';
import { type UploadOptions, uploadForm } from '../../lib/upload';
import type { ImageEdit } from './crop-math';

/**
 * Sends the original file with the crop and rotation; the server does the cutting. The text
 * fields go first: the server reads them before it streams the file part.
 */
export async function uploadImage(
  file: File,
  edit: ImageEdit,
  options: UploadOptions,
): Promise<UploadedImage> {
  const form = new FormData();
  if (edit.crop) form.append('crop', JSON.stringify(edit.crop));
  form.append('rotation', String(edit.rotation));
  form.append('file', file, file.name);
  const { image } = await uploadForm('media.upload', form, options);
  return image;
}

/** Removes an uploaded image that will not be posted. Best effort: the server sweeps leftovers. */
export function deleteUploadedImage(id: string): void {
  api('media.remove', { params: { id } }).catch(() => undefined);
}
