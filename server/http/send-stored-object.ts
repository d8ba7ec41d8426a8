import type { FastifyReply } from 'fastify';
import type { StoredObject } from '../platform/storage/object-storage';

/** Streams a stored file with its type and length; every stored file is immutable under its key. */
export function sendStoredObject(reply: FastifyReply, stored: StoredObject, cacheControl: string) {
  return reply
    .header('content-type', stored.contentType)
    .header('content-length', stored.size)
    .header('cache-control', cacheControl)
    .header('content-disposition', 'inline')
    .send(stored.body);
}
