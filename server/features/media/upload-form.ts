import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mediaUploadFieldsSchema } from '../../../common/contracts/media';
import { AppError, errors } from '../../errors';
import { parseInput } from '../../http/parse-input';
import { assertAcceptableText } from '../../http/text-input-guard';
import { MEDIA_FIELD_MAX_BYTES, MEDIA_MAX_FIELDS, MEDIA_MAX_FILE_BYTES } from './limits';
import type { UploadInput } from './media.service';

const MULTIPART_LIMITS = {
  fieldNameSize: 32,
  fieldSize: MEDIA_FIELD_MAX_BYTES,
  fields: MEDIA_MAX_FIELDS,
  files: 1,
  fileSize: MEDIA_MAX_FILE_BYTES,
  parts: MEDIA_MAX_FIELDS + 1,
  headerPairs: 20,
};

/**
 * Multipart parsing for one encapsulated scope (post images, avatars) with the limits of the
 * named constants; the rest of the API never parses multipart.
 */
export async function registerImageMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

/** The `crop` and `rotation` fields (sent before the file) and the file's bytes. */
export async function readUpload(request: FastifyRequest, uploads: FastifyInstance): Promise<UploadInput> {
  let file: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    file = await request.file();
    if (!file) throw errors.validation({ file: 'Choose an image to upload.' });
    bytes = await file.toBuffer();
  } catch (err) {
    throw uploadError(err, uploads);
  }
  const raw = { crop: fieldValue(file, 'crop'), rotation: fieldValue(file, 'rotation') };
  // The API's text rule, for the text fields no request hook sees.
  assertAcceptableText(raw, 'fields');
  const fields = parseInput(mediaUploadFieldsSchema, {
    crop: jsonField(raw.crop),
    rotation: numberField(raw.rotation),
  });
  return { file: bytes, crop: fields.crop, rotation: fields.rotation };
}

function uploadError(err: unknown, uploads: FastifyInstance): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof uploads.multipartErrors.RequestFileTooLargeError) {
    return errors.fileTooLarge();
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return errors.invalidUpload({
      status,
      message: 'Send one image and at most the crop and rotation fields.',
    });
  }
  // Busboy reports a malformed body (no boundary, cut short) as a plain error.
  return errors.invalidUpload();
}

function fieldValue(file: MultipartFile, name: string): string | undefined {
  const field = file.fields[name];
  const part = Array.isArray(field) ? field[0] : field;
  if (!part || part.type !== 'field') return undefined;
  const value = part.value;
  return typeof value === 'string' ? value : undefined;
}

/** Unparseable JSON becomes a value the schema refuses with its own message. */
function jsonField(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function numberField(text: string | undefined): unknown {
  return text === undefined || text === '' ? undefined : Number(text);
}
