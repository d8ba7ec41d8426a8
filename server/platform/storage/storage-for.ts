import type { StorageTarget } from '../../config';
import { createDiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/** The one place that picks where media files live, from config (S3_* or DATA_DIR/media). */
export async function createStorageFor(
  target: StorageTarget,
): Promise<{ storage: ObjectStorage; close: () => void }> {
  if (target.kind === 'disk') return { storage: createDiskStorage(target.root), close: () => undefined };
  const storage = await createS3Storage(target);
  return { storage, close: () => storage.destroy() };
}
