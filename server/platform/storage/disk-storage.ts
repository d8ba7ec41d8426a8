import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, contentTypeOf, type ObjectStorage } from './object-storage';

/** Files under `root` (DATA_DIR/media by default). */
export function createDiskStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };

  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside its final name, then renamed: rename is atomic on one file system.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, path);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },

    async open(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        // Disk keeps no metadata beside a file, so the type comes from the key's extension.
        return { body: createReadStream(path), size: info.size, contentType: contentTypeOf(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
