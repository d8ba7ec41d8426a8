import { PassThrough, Readable } from 'node:stream';
import {
  S3_CONNECT_TIMEOUT_MS,
  S3_DELETE_BATCH_KEYS,
  S3_SOCKET_IDLE_TIMEOUT_MS,
  S3_UPLOAD_PART_BYTES,
  S3_UPLOAD_PARTS_IN_FLIGHT,
} from './limits';
import { assertStorageKey, contentTypeOf, type ObjectStorage } from './object-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, Ceph…); omitted for AWS itself. */
  endpoint?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted). */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Storage extends ObjectStorage {
  /** Closes the client's kept-alive sockets. */
  destroy(): void;
}

/**
 * Objects in one bucket, keys as they are (no prefix). A PUT becomes visible only once it is
 * complete, which is the interface's all-or-nothing rule; reads stream straight from S3.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<S3Storage> {
  // Loaded here, not at the top: the SDK costs about 0.3 s and 20 MB, which only S3 users pay.
  const {
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    NoSuchKey,
    NotFound,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default adds CRC checksums that many S3-compatible services reject or omit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_SOCKET_IDLE_TIMEOUT_MS },
  });
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async putStream(key, body, contentType) {
      assertStorageKey(key);
      // Loaded with the client, for the same reason; parts of S3_UPLOAD_PART_BYTES go up while the
      // stream is read, and a failed upload is aborted, so no part is left behind.
      const { Upload } = await import('@aws-sdk/lib-storage');
      let bytes = 0;
      const counted = body.pipe(
        new PassThrough({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        }),
      );
      body.once('error', (err) => counted.destroy(err));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
        partSize: S3_UPLOAD_PART_BYTES,
        queueSize: S3_UPLOAD_PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
      return bytes;
    },

    async open(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) {
          throw new Error('The S3 client answered without a Node stream');
        }
        return {
          body: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        // HEAD has no body, so a missing object is a bare 404 (NotFound), not NoSuchKey.
        if (err instanceof NotFound || err instanceof NoSuchKey) return false;
        throw err;
      }
    },

    async delete(keys) {
      keys.forEach(assertStorageKey);
      for (let start = 0; start < keys.length; start += S3_DELETE_BATCH_KEYS) {
        const batch = keys.slice(start, start + S3_DELETE_BATCH_KEYS);
        // S3 counts a key that is not there as deleted, which is the interface's rule too.
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `S3 refused to delete ${failed.length} object(s), first ${first?.Key ?? '?'}: ${first?.Code ?? 'unknown'}`,
          );
        }
      }
    },

    destroy() {
      client.destroy();
    },
  };
}
