import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { MediaCrop, UploadedImage } from '../../common/contracts/media';
import type { TestApp } from './test-app';

export interface UploadOptions {
  name?: string;
  type?: string;
  crop?: MediaCrop | string;
  rotation?: number | string;
}

/** A real multipart/form-data body as a browser's FormData sends it: fields first, then the file. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

export async function uploadImage(
  t: TestApp,
  cookie: string | undefined,
  bytes: Buffer,
  { name = 'photo.jpg', type = 'image/jpeg', crop, rotation }: UploadOptions = {},
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = {};
  if (crop !== undefined) fields.crop = typeof crop === 'string' ? crop : JSON.stringify(crop);
  if (rotation !== undefined) fields.rotation = String(rotation);
  const { payload, contentType } = await multipartBody(fields, { bytes, name, type });
  return t.api({
    method: 'POST',
    url: '/api/v1/media',
    payload,
    headers: { 'content-type': contentType },
    ...(cookie ? { cookie } : {}),
  });
}

/** Uploads and expects success. */
export async function uploadedImage(
  t: TestApp,
  cookie: string,
  bytes: Buffer,
  options?: UploadOptions,
): Promise<UploadedImage> {
  const response = await uploadImage(t, cookie, bytes, options);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ image: UploadedImage }>().image;
}

/** Every file under DATA_DIR/media, relative to it. */
export function storedMediaFiles(t: TestApp): string[] {
  try {
    return readdirSync(join(t.dataDir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(join(t.dataDir, 'media').length + 1))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

export async function mediaRowCount(t: TestApp): Promise<number> {
  const { count } = await t.database.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
