import { z } from './zod';
import { MAX_IMAGES_PER_POST, MEDIA_ALT_MAX_LENGTH } from './limits';

export { MAX_IMAGES_PER_POST, MEDIA_ALT_MAX_LENGTH };

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

// --- Uploads: POST /api/v1/media (multipart/form-data) ------------------------------------------

export { MEDIA_MAX_FILE_BYTES, MEDIA_MAX_INPUT_PIXELS, MEDIA_MAX_LONG_EDGE, MEDIA_WIDTHS } from './limits';

/** Quarter turns clockwise, applied after the file's own EXIF orientation. */
export const mediaRotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);

/**
 * The crop, in whole pixels of the image as displayed: EXIF orientation applied, then `rotation`
 * clockwise. Absent means the whole image.
 */
export const mediaCropSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type MediaCrop = z.infer<typeof mediaCropSchema>;

/**
 * The multipart fields besides the `file` part: `crop` is MediaCrop as JSON, `rotation` a
 * number. Field parts must come before the file part.
 */
export const mediaUploadFieldsSchema = z.object({
  crop: mediaCropSchema.optional(),
  rotation: mediaRotationSchema.default(0),
});
export type MediaUploadFields = z.input<typeof mediaUploadFieldsSchema>;

/** 201 answer of POST /api/v1/media. */
/** The path of `DELETE /media/:id`. */
export const mediaParamsSchema = z.object({ id: z.uuid({ error: 'Not an image id.' }) });

export interface MediaUploadResponse {
  image: UploadedImage;
}
