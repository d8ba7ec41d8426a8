import { posix } from 'node:path';
import { z } from 'zod';
import { readStoredJson } from '../../platform/db/stored-json';
import { avatarSchema, postImagesSchema, postLinkPreviewSchema } from '../../platform/db/stored-shapes';
import { MEDIA_URL_PREFIX } from '../media';
import type { ExportedPostRow } from './account-data.repository';

/** A stored rendition: the largest of an image's fallbacks (JPEG, or GIF when animated). */
const storedFallbacks = z.object({
  fallback: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
});

export interface MediaFile {
  /** The object's key in storage. */
  key: string;
  /** Its path inside the archive, `media/<name>`. */
  path: string;
}

/**
 * The archive keeps each image's largest stored rendition (JPEG, or GIF when animated): the
 * instance never keeps the uploaded file itself, only what it made of it, without metadata.
 */
function largestFile(variants: readonly { url: string }[]): MediaFile | null {
  const largest = variants.at(-1);
  if (!largest?.url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = largest.url.slice(MEDIA_URL_PREFIX.length);
  return { key, path: `media/${posix.basename(key)}` };
}

export function mediaFileOfUpload(imageJson: string): MediaFile | null {
  return largestFile(readStoredJson(storedFallbacks, imageJson, 'media.image_json').fallback);
}

export function avatarFile(avatarJson: string | null): MediaFile | null {
  return avatarJson === null
    ? null
    : largestFile(readStoredJson(avatarSchema, avatarJson, 'users.avatar_json').fallback);
}

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(Number(epochMs)).toISOString());

export interface ExportedProfile {
  handle: string;
  displayName: string;
  bio: string;
  email: string;
  createdAt: string;
  /** The picture's file in the archive, or null without one. */
  avatar: string | null;
}

/** One post as posts.json and posts.html hold it. */
export interface ExportedPost {
  id: string;
  url: string;
  /** The post it answers, for a reply. */
  inReplyTo: string | null;
  /** The address of the post it quotes, for a quote (that post may since have been deleted). */
  quoteOf: string | null;
  text: string;
  /** The post's HTML as stored: sanitised when it was written (server/features/rich-text). */
  html: string;
  createdAt: string;
  editedAt: string | null;
  images: { file: string | null; alt: string; width: number; height: number }[];
  linkCard: { url: string; title: string; description: string; domain: string } | null;
}

export function exportedPost(row: ExportedPostRow, publicUrl: string): ExportedPost {
  const images = readStoredJson(postImagesSchema, row.images_json, 'posts.images_json');
  const card =
    row.link_preview_json === null
      ? null
      : readStoredJson(postLinkPreviewSchema, row.link_preview_json, 'posts.link_preview_json');
  return {
    id: row.id,
    url: `${publicUrl}/p/${row.id}`,
    inReplyTo: row.parent_id,
    quoteOf: row.quote_of_id && `${publicUrl}/p/${row.quote_of_id}`,
    text: row.body_text,
    html: row.body_html,
    createdAt: iso(row.created_at) ?? '',
    editedAt: iso(row.edited_at),
    images: images.map((image) => ({
      file: largestFile(image.fallback)?.path ?? null,
      alt: image.alt,
      width: image.width,
      height: image.height,
    })),
    linkCard: card && {
      url: card.url,
      title: card.title,
      description: card.description,
      domain: card.domain,
    },
  };
}

/** A JSON array written an element at a time, so the whole list is never in memory. */
export async function* jsonArray<T>(items: AsyncIterable<T>): AsyncGenerator<string> {
  let isFirst = true;
  yield '[';
  for await (const item of items) {
    yield `${isFirst ? '\n  ' : ',\n  '}${JSON.stringify(item)}`;
    isFirst = false;
  }
  yield isFirst ? ']\n' : '\n]\n';
}

export async function* mapAsync<T, U>(items: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield map(item);
}

export { iso };
