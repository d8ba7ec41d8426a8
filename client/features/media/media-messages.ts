import { MEDIA_MAX_FILE_BYTES, MEDIA_MAX_INPUT_PIXELS } from '../../../common/contracts/limits';
import { ApiError, type ApiErrorCode, userMessageOf } from '../../lib/api-client';

const MEGABYTE = 1024 * 1024;

export const MAX_FILE_SIZE_LABEL = `${Math.floor(MEDIA_MAX_FILE_BYTES / MEGABYTE)} MB`;
const MAX_MEGAPIXELS_LABEL = `${Math.floor(MEDIA_MAX_INPUT_PIXELS / 1_000_000)} megapixels`;

/** Messages for the upload errors a person can do something about; the rest say what the server said. */
const UPLOAD_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  invalid_image: 'This file is not an image Tidings can use. Try a JPEG, PNG, WebP, GIF, AVIF or HEIC file.',
  invalid_crop: 'The crop reaches outside the image. Remove the image and crop it again.',
  file_too_large: `This image is larger than ${MAX_FILE_SIZE_LABEL}.`,
  image_too_large: `This image has more than ${MAX_MEGAPIXELS_LABEL}.`,
  rate_limited: 'You are uploading images too quickly. Wait a minute, then retry.',
  unauthenticated: 'Your session has ended. Log in again to upload images.',
};

/** What to tell a person when an upload failed. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const known = UPLOAD_MESSAGES[error.code];
    if (known) return known;
    // A proxy in front of the server may refuse the body with its own page, not our JSON.
    if (error.status === 413) return UPLOAD_MESSAGES.file_too_large ?? error.message;
  }
  return userMessageOf(error);
}

export function fileTooLargeMessage(name: string): string {
  return `${name} is larger than ${MAX_FILE_SIZE_LABEL}, the most an image can be.`;
}
