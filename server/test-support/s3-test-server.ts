import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../platform/storage/s3-storage';

/** s3rver checks signatures against these fixed credentials. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
const S3RVER_REGION = 'us-east-1';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** What createS3Storage needs to use this server. */
  options: S3StorageOptions;
  /** The same settings as the S3_* variables config.ts reads. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted: read with a client of its own, not through our storage. */
  keys(): Promise<string[]>;
  /** The bytes the server holds under a key. */
  bytesOf(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** A real S3-compatible server on 127.0.0.1 (a free port), in a temporary directory. */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'tidings-s3-'));
  const bucket = `tidings-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StorageOptions = {
    bucket,
    region: S3RVER_REGION,
    endpoint,
    forcePathStyle: true,
    ...S3RVER_CREDENTIALS,
  };
  const client = new S3Client({
    region: S3RVER_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    endpoint,
    bucket,
    options,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: S3RVER_REGION,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ...(token ? { ContinuationToken: token } : {}) }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async bytesOf(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) throw new Error(`no body for ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
