import { z } from 'zod';
import type { ImageVariant, PostImage, UploadedImage } from '../../../common/contracts/media';
import type { Avatar } from '../../../common/contracts/users';
import type { PostLinkPreview } from '../../../common/contracts/posts';

// The shapes of the JSON columns several features read (images, avatars, link cards), as
// `schema.ts` holds the shapes of the tables. Each is annotated with the shared type, so a change
// to that type that the schema does not follow fails to compile.

const imageVariantSchema: z.ZodType<ImageVariant> = z.object({
  width: z.number(),
  height: z.number(),
  url: z.string(),
});

const uploadedImageShape = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  placeholder: z.string(),
  webp: z.array(imageVariantSchema),
  fallback: z.array(imageVariantSchema),
  fallbackType: z.enum(['image/jpeg', 'image/gif']),
});

/** `media.image_json`: a processed upload. */
export const uploadedImageSchema: z.ZodType<UploadedImage> = uploadedImageShape;

/** `posts.images_json`: the post's images in display order, with their alt text. */
export const postImagesSchema: z.ZodType<PostImage[]> = z.array(
  uploadedImageShape.extend({ alt: z.string() }),
);

/** `users.avatar_json`: the square renditions of a profile picture. */
export const avatarSchema: z.ZodType<Avatar> = z.object({
  webp: z.array(imageVariantSchema),
  fallback: z.array(imageVariantSchema),
});

/** `media.keys_json`: the storage keys of an upload's files. */
export const storageKeysSchema: z.ZodType<string[]> = z.array(z.string());

/** `posts.link_preview_json`: the card a post carries. */
export const postLinkPreviewSchema: z.ZodType<PostLinkPreview> = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  domain: z.string(),
});
