import { extname } from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as it is read back. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded and derived files live: local disk by default, S3-compatible storage when
 * scaled out. Keys are relative paths of lowercase letters, digits, `-`, `_`, `.` and `/`;
 * objects are immutable once written (keys are content hashes), so there is no update.
 */
export interface ObjectStorage {
  /** Writes the whole object or nothing: a reader never sees a partial file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a stream of unknown length, never holding it whole, with the same rule as put: the
   * object appears complete or not at all. A stream that fails leaves nothing under the key.
   * Answers the bytes written.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The object, or null when there is none under that key. */
  open(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a key that does not exist is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

const KEY_PATTERN = /^(?!.*\.\.)[a-z0-9][a-z0-9._/-]{0,255}$/;

/** Keys never come from users, but a bad one must never reach a path or a bucket. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('//') || key.endsWith('/')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

// Every key the app writes ends in one of these.
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.png': 'image/png',
  '.avif': 'image/avif',
  '.zip': 'application/zip',
};

/** The type a key's extension stands for, where no stored type says otherwise. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[extname(key)] ?? 'application/octet-stream';
}
