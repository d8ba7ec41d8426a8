import { z } from 'zod';

/** Images one post may carry. */
export const MAX_IMAGES_PER_POST = 4;
/** Longest alt text of one image, in characters. */
export const MEDIA_ALT_MAX_LENGTH = 1_500;

/** One stored rendition of an image. URLs are on our own origin. */
export interface ImageVariant {
  width: number;
  height: number;
  url: string;
}

/** An uploaded, processed image, before it is attached to a post. */
export interface UploadedImage {
  id: string;
  /** Pixel size of the largest rendition (after crop, rotation and the long-edge cap). */
  width: number;
  height: number;
  /** ThumbHash of the image, base64: drawn in the image's box until the image has loaded. */
  placeholder: string;
  /** WebP renditions, narrowest first. */
  webp: ImageVariant[];
  /** Renditions for browsers without WebP, narrowest first, in `fallbackType`. */
  fallback: ImageVariant[];
  /** JPEG, or GIF for animated images so that they stay animated. */
  fallbackType: 'image/jpeg' | 'image/gif';
}

/** An image as a post shows it. */
export interface PostImage extends UploadedImage {
  alt: string;
}

/** What the composer sends for each attached image, in display order. */
export const postImageRefSchema = z.object({
  id: z.uuid({ error: 'Not an image id.' }),
  alt: z
    .string()
    .max(MEDIA_ALT_MAX_LENGTH, `Alt text can be at most ${MEDIA_ALT_MAX_LENGTH} characters.`)
    .default(''),
});
export type PostImageRef = z.input<typeof postImageRefSchema>;

export const postImagesSchema = z
  .array(postImageRefSchema)
  .max(MAX_IMAGES_PER_POST, `A post can carry at most ${MAX_IMAGES_PER_POST} images.`)
  .refine(
    (refs) => new Set(refs.map((ref) => ref.id)).size === refs.length,
    'Each image can be attached once.',
  );
