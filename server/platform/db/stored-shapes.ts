import { z } from 'zod';
import {
  avatarSchema as avatarAnswerSchema,
  imageVariantSchema,
  postImageSchema,
  uploadedImageSchema as uploadedImageAnswerSchema,
} from '../../../common/contracts/media';
import { postLinkPreviewSchema as postLinkPreviewAnswerSchema } from '../../../common/contracts/posts';

// The shapes of the JSON columns several features read (images, avatars, link cards), as
// `schema.ts` holds the shapes of the tables. Each is the answer's own schema (common/contracts),
// read leniently: the server writes exactly the answer's fields, but a field a row holds beyond
// them (written by other code, or by code that still had it) is dropped on reading rather than
// refused, so it neither fails the read nor reaches an answer.

const storedVariants = z.array(z.object(imageVariantSchema.shape));
const images = { webp: storedVariants, fallback: storedVariants };

/** `media.image_json`: a processed upload. */
export const uploadedImageSchema = z.object({ ...uploadedImageAnswerSchema.shape, ...images });

/** `posts.images_json`: the post's images in display order, with their alt text. */
export const postImagesSchema = z.array(z.object({ ...postImageSchema.shape, ...images }));

/** `users.avatar_json`: the square renditions of a profile picture. */
export const avatarSchema = z.object({ ...avatarAnswerSchema.shape, ...images });

/** `media.keys_json`: the storage keys of an upload's files. */
export const storageKeysSchema: z.ZodType<string[]> = z.array(z.string());

/** `posts.link_preview_json`: the card a post carries. */
export const postLinkPreviewSchema = z.object(postLinkPreviewAnswerSchema.shape);
