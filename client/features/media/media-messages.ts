import { MEDIA_MAX_FILE_BYTES, MEDIA_MAX_INPUT_PIXELS } from '../../../common/contracts/limits';
import { translate } from '../../i18n';
import { ApiError, type ApiErrorCode, userMessageOf } from '../../lib/api-client';
import { type MediaMessageKey, mediaMessages } from './media.messages';

const MEGABYTE = 1024 * 1024;

const MAX_FILE_MEGABYTES = Math.floor(MEDIA_MAX_FILE_BYTES / MEGABYTE);
const MAX_MEGAPIXELS = Math.floor(MEDIA_MAX_INPUT_PIXELS / 1_000_000);

/** Messages for the upload errors a person can do something about; the rest say what the server said. */
const UPLOAD_MESSAGE_KEYS: Partial<Record<ApiErrorCode, MediaMessageKey>> = {
  invalid_image: 'uploadInvalidImage',
  invalid_crop: 'uploadInvalidCrop',
  file_too_large: 'uploadFileTooLarge',
  image_too_large: 'uploadImageTooLarge',
  rate_limited: 'uploadRateLimited',
  unauthenticated: 'uploadUnauthenticated',
};

/** What to tell a person when an upload failed. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // A proxy in front of the server may refuse the body with its own page, not our JSON.
    const key = UPLOAD_MESSAGE_KEYS[error.code] ?? (error.status === 413 ? 'uploadFileTooLarge' : undefined);
    if (key) {
      return translate(mediaMessages)(key, { megabytes: MAX_FILE_MEGABYTES, megapixels: MAX_MEGAPIXELS });
    }
  }
  return userMessageOf(error);
}

export function fileTooLargeMessage(name: string): string {
  return translate(mediaMessages)('fileTooLarge', { name, megabytes: MAX_FILE_MEGABYTES });
}
