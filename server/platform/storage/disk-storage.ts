import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, contentTypeOf, type ObjectStorage } from './object-storage';

/** Files under `root` (DATA_DIR/media by default). */
export function createDiskStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };

  /** Written beside its final name, then renamed: rename is atomic on one file system. */
  async function writeThenRename<T>(key: string, write: (temporary: string) => Promise<T>): Promise<T> {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const result = await write(temporary);
      await rename(temporary, path);
      return result;
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  return {
    async put(key, body) {
      await writeThenRename(key, (temporary) => writeFile(temporary, body));
    },

    async putStream(key, body: Readable) {
      return writeThenRename(key, async (temporary) => {
        const file = createWriteStream(temporary);
        await pipeline(body, file);
        return file.bytesWritten;
      });
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
