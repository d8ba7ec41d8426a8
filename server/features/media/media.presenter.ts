import { MEDIA_BASE } from '../../../common/api/endpoints';
import type { ImageVariant, UploadedImage } from '../../../common/contracts/media';
import type { Avatar } from '../../../common/contracts/users';
import type { ProcessedImage, Rendition } from './image-pipeline';

/** Where GET /media/<key> serves stored files. */
export const MEDIA_URL_PREFIX = MEDIA_BASE;

const EXTENSIONS: Record<Rendition['format'], string> = { webp: 'webp', jpeg: 'jpg', gif: 'gif' };
export const CONTENT_TYPES: Record<Rendition['format'], string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** Files are named by the SHA-256 of their bytes: `i/ab/<sha256>-<width>.<ext>`. */
export function storageKeyOf(rendition: Rendition, sha256Hex: string): string {
  return `i/${sha256Hex.slice(0, 2)}/${sha256Hex}-${rendition.width}.${EXTENSIONS[rendition.format]}`;
}

export interface StoredRendition {
  rendition: Rendition;
  key: string;
}

function variantsOf(stored: readonly StoredRendition[], format: Rendition['format']): ImageVariant[] {
  return stored
    .filter(({ rendition }) => rendition.format === format)
    .map(({ rendition, key }) => ({
      width: rendition.width,
      height: rendition.height,
      url: `${MEDIA_URL_PREFIX}${key}`,
    }));
}

export function presentAvatar(stored: readonly StoredRendition[]): Avatar {
  return { webp: variantsOf(stored, 'webp'), fallback: variantsOf(stored, 'jpeg') };
}

export function presentUploadedImage(
  id: string,
  image: ProcessedImage,
  stored: StoredRendition[],
): UploadedImage {
  const variants = (format: Rendition['format']) => variantsOf(stored, format);
  return {
    id,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    webp: variants('webp'),
    fallback: variants(image.isAnimated ? 'gif' : 'jpeg'),
    fallbackType: image.isAnimated ? 'image/gif' : 'image/jpeg',
  };
}
