import { createHash } from 'node:crypto';
import { v7 as timeOrderedUuid } from 'uuid';
import type { MediaCrop, PostImage, UploadedImage } from '../../../common/contracts/media';
import { type AppError, errors } from '../../errors';
import type { Db, Tx } from '../../platform/db/database';
import { readStoredJson } from '../../platform/db/stored-json';
import { storageKeysSchema, uploadedImageSchema } from '../../platform/db/stored-shapes';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import type { QuarterTurns } from './image-geometry';
import type { Avatar } from '../../../common/contracts/users';
import { processAvatar } from './avatar-pipeline';
import { type PipelineFailure, processImage, type Rendition } from './image-pipeline';
import type { JobQueue } from './job-queue';
import { MEDIA_SWEEP_BATCH, MEDIA_UNATTACHED_TTL_MS } from './limits';
import {
  CONTENT_TYPES,
  presentAvatar,
  presentUploadedImage,
  type StoredRendition,
  storageKeyOf,
} from './media.presenter';
import { createMediaRepository, type MediaRow } from './media.repository';

export interface MediaServiceDeps {
  db: Db;
  storage: ObjectStorage;
  uploadLimiter: RateLimiter;
  jobs: JobQueue;
  now?: () => number;
}

export interface UploadInput {
  file: Buffer;
  crop?: MediaCrop | undefined;
  rotation: QuarterTurns;
}

const PIPELINE_ERRORS: Record<PipelineFailure, () => AppError> = {
  invalid_image: errors.invalidImage,
  image_too_large: errors.imageTooLarge,
  invalid_crop: errors.invalidCrop,
};

function withKeys(renditions: readonly Rendition[]): StoredRendition[] {
  return renditions.map((rendition) => ({
    rendition,
    key: storageKeyOf(rendition, createHash('sha256').update(rendition.bytes).digest('hex')),
  }));
}

export function createMediaService({ db, storage, uploadLimiter, jobs, now = Date.now }: MediaServiceDeps) {
  const media = createMediaRepository(db);

  /** Deletes rows, then the files no remaining row names. */
  async function removeRows(rows: readonly MediaRow[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    await media.deleteByIds(ids);
    await removeUnreferencedFiles(rows, ids);
  }

  /** Files of rows already deleted (by id or by cascade) that no other row names. */
  async function removeUnreferencedFiles(rows: readonly MediaRow[], ids: readonly string[]): Promise<void> {
    const keys = [
      ...new Set(rows.flatMap((row) => readStoredJson(storageKeysSchema, row.keys_json, 'media.keys_json'))),
    ];
    if (keys.length === 0) return;
    const shared = await media.keysStillReferenced(keys, ids);
    await storage.delete(keys.filter((key) => !shared.has(key)));
  }

  /** Writes a processed image's files behind a new, unattached row; the row first (see upload). */
  async function store(ownerId: string, id: string, stored: StoredRendition[], imageJson: string) {
    const row: MediaRow = {
      id,
      owner_id: ownerId,
      post_id: null,
      keys_json: JSON.stringify(stored.map(({ key }) => key)),
      image_json: imageJson,
      created_at: now(),
      attached_at: null,
    };
    // While the row exists, no clean-up of an identical upload removes these files.
    await media.insert(row);
    try {
      await Promise.all(
        stored.map(({ rendition, key }) =>
          storage.put(key, rendition.bytes, CONTENT_TYPES[rendition.format]),
        ),
      );
    } catch (err) {
      await removeRows([row]);
      throw err;
    }
  }

  async function spendUpload(ownerId: string): Promise<void> {
    const decision = await uploadLimiter.consume(ownerId);
    if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
  }

  return {
    /** `read` parses the request body; it runs only once the user is within the upload rate. */
    async upload(ownerId: string, read: () => Promise<UploadInput>): Promise<UploadedImage> {
      await spendUpload(ownerId);
      const input = await read();
      const result = await jobs.run(() => processImage(input.file, input));
      if (!result.ok) throw PIPELINE_ERRORS[result.reason]();

      const id = timeOrderedUuid();
      const stored = withKeys(result.image.renditions);
      const image = presentUploadedImage(id, result.image, stored);
      await store(ownerId, id, stored, JSON.stringify(image));
      return image;
    },

    /**
     * Processes and stores an avatar, unattached: `attachAvatar` then claims it in the
     * transaction that names it on the account. Same rate as post images.
     */
    async uploadAvatar(
      ownerId: string,
      read: () => Promise<UploadInput>,
    ): Promise<{ id: string; avatar: Avatar }> {
      await spendUpload(ownerId);
      const input = await read();
      const result = await jobs.run(() => processAvatar(input.file, input));
      if (!result.ok) throw PIPELINE_ERRORS[result.reason]();
      const id = timeOrderedUuid();
      const stored = withKeys(result.renditions);
      const avatar = presentAvatar(stored);
      await store(ownerId, id, stored, JSON.stringify(avatar));
      return { id, avatar };
    },

    /** Runs inside the transaction that sets the account's avatar; false if the upload is gone. */
    async attachAvatar(trx: Tx, ownerId: string, id: string): Promise<boolean> {
      return (await createMediaRepository(trx).attachWithoutPost(id, ownerId, now())) === 1;
    },

    /** Removes an image row (an old avatar) and whichever of its files no other row names. */
    async removeById(id: string): Promise<void> {
      const row = await media.findById(id);
      if (row) await removeRows([row]);
    },

    /**
     * Removes the files of every image the owner uploaded around `removeOwner`, which deletes
     * the rows (the account's deletion cascades to them): rows first, then the files no other
     * row names, as everywhere else.
     */
    async removeAllOf(ownerId: string, removeOwner: () => Promise<void>): Promise<void> {
      const rows = await media.findByOwner(ownerId);
      await removeOwner();
      await removeUnreferencedFiles(rows, []);
    },

    /** Only the owner, and only before the image is posted; others' images read as missing. */
    async remove(ownerId: string, id: string): Promise<void> {
      const row = await media.findById(id);
      if (!row || row.owner_id !== ownerId)
        throw errors.notFound('This image does not exist or has expired.');
      if (row.attached_at !== null) throw errors.imageAttached();
      await removeRows([row]);
    },

    /**
     * Marks the author's unposted images as shown by `postId` and returns what the post keeps
     * (`posts.images_json`), in the given order. Runs inside the post's transaction.
     */
    async attachToPost(
      trx: Tx,
      authorId: string,
      postId: string,
      refs: readonly { id: string; alt: string }[],
    ): Promise<string> {
      const repo = createMediaRepository(trx);
      const ids = refs.map((ref) => ref.id);
      const rows = new Map((await repo.findByIds(ids)).map((row) => [row.id, row]));
      const images: PostImage[] = refs.map((ref) => {
        const row = rows.get(ref.id);
        if (!row || row.owner_id !== authorId || row.attached_at !== null) throw errors.imageNotFound();
        return {
          ...readStoredJson(uploadedImageSchema, row.image_json, 'media.image_json'),
          alt: ref.alt.trim(),
        };
      });
      // Guarded again in the update itself: two posts racing for one image cannot both win.
      if ((await repo.attach(ids, authorId, postId, now())) !== ids.length) throw errors.imageNotFound();
      return JSON.stringify(images);
    },

    /** Removes images never posted within the TTL and images whose post was deleted. */
    async sweep(): Promise<number> {
      let removed = 0;
      for (;;) {
        const rows = await media.findExpired(now() - MEDIA_UNATTACHED_TTL_MS, MEDIA_SWEEP_BATCH);
        await removeRows(rows);
        removed += rows.length;
        if (rows.length < MEDIA_SWEEP_BATCH) return removed;
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
