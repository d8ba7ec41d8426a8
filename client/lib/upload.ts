import { type EndpointName, endpoints } from '../../common/api/endpoints';
import type { Routes } from '../../common/api/routes';
import { API_BASE, type ApiAnswer, toApiError } from './api-client';

/** The endpoints whose body is multipart/form-data in the route table. */
export type UploadEndpoint = {
  [N in EndpointName]: Routes[N] extends { readonly body: 'multipart' } ? N : never;
}[EndpointName];

/**
 * Multipart uploads with progress. fetch() cannot report how much of a request body has been
 * sent, so this one door uses XMLHttpRequest; like api() it always sends
 * X-Requested-With, which the server requires on all of /api/v1.
 */
export interface UploadOptions {
  /** Fraction of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The bytes of a finished request, turned into the answer or an ApiError. */
export function settleUpload<T>(status: number, responseText: string): T {
  let payload: unknown = null;
  try {
    payload = JSON.parse(responseText);
  } catch {
    // A proxy's error page or an empty body: the status alone says what happened.
  }
  if (status < 200 || status >= 300) throw toApiError(status, payload);
  return payload as T;
}

/** The share of `total` that `loaded` is, 0 when the total is not known yet. */
export function progressFraction(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, loaded / total));
}

export function uploadForm<N extends UploadEndpoint>(
  name: N,
  form: FormData,
  options: UploadOptions = {},
): Promise<ApiAnswer<N>> {
  const { onProgress, signal } = options;
  const { method, path } = endpoints[name];
  return new Promise<ApiAnswer<N>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const finish = () => signal?.removeEventListener('abort', abort);
    request.open(method, `${API_BASE}${path}`);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      onProgress?.(progressFraction(event.loaded, event.lengthComputable ? event.total : 0));
    });
    request.addEventListener('load', () => {
      finish();
      try {
        resolve(settleUpload<ApiAnswer<N>>(request.status, request.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => {
      finish();
      // The same kind of error fetch() gives, so userMessageOf() words it the same way.
      reject(new TypeError('The upload could not reach the server.'));
    });
    request.addEventListener('abort', () => {
      finish();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', abort, { once: true });
    request.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
