import { z } from './zod';
import { MAX_IMAGES_PER_POST, MEDIA_ALT_MAX_LENGTH } from './limits';

export { MAX_IMAGES_PER_POST, MEDIA_ALT_MAX_LENGTH };

/** One stored rendition of an image. URLs are on our own origin. */
export const imageVariantSchema = z.strictObject({
  width: z.number(),
  height: z.number(),
  url: z.string(),
});
export type ImageVariant = z.output<typeof imageVariantSchema>;

/** An uploaded, processed image, before it is attached to a post. */
export const uploadedImageSchema = z.strictObject({
  id: z.string(),
  /** Pixel size of the largest rendition (after crop, rotation and the long-edge cap). */
  width: z.number(),
  height: z.number(),
  /** ThumbHash of the image, base64: drawn in the image's box until the image has loaded. */
  placeholder: z.string(),
  /** WebP renditions, narrowest first. */
  webp: z.array(imageVariantSchema),
  /** Renditions for browsers without WebP, narrowest first, in `fallbackType`. */
  fallback: z.array(imageVariantSchema),
  /** JPEG, or GIF for animated images so that they stay animated. */
  fallbackType: z.enum(['image/jpeg', 'image/gif']),
});
export type UploadedImage = z.output<typeof uploadedImageSchema>;

/** An image as a post shows it. */
export const postImageSchema = uploadedImageSchema.extend({ alt: z.string() });
export type PostImage = z.output<typeof postImageSchema>;

/** A square profile picture in each of AVATAR_SIZES (users.ts); WebP with a JPEG fallback. */
export const avatarSchema = z.strictObject({
  webp: z.array(imageVariantSchema),
  fallback: z.array(imageVariantSchema),
});
export type Avatar = z.output<typeof avatarSchema>;

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

/** The path of `DELETE /media/:id`. */
export const mediaParamsSchema = z.object({ id: z.uuid({ error: 'Not an image id.' }) });

/** 201 answer of POST /api/v1/media. */
export const mediaUploadResponseSchema = z.strictObject({ image: uploadedImageSchema });
export type MediaUploadResponse = z.output<typeof mediaUploadResponseSchema>;
